// The vision job worker (issue 23): photo and chat-image screening and the verification
// face match, run from durable rows (modules/vision). The timer (every 3 s) and the
// wake-ups after an upload are only prompts. Any number of servers may run it: jobs are
// claimed with FOR UPDATE SKIP LOCKED and closed by updates guarded by the claim. A
// request never waits for it; the models run in their own low-priority process.
import type { FastifyInstance } from 'fastify';
import type { VisionJobKind } from '../db/media.schema';
import type { Realtime } from '../lib/realtime';
import { screenChatImage } from '../modules/chat/chat-image-screening';
import { matchVerificationFace } from '../modules/media/face-match';
import { screenPhoto } from '../modules/media/photo-screening';
import {
  runOneVisionJob,
  type VisionJobHandler,
  type VisionWorkContext,
} from '../modules/vision/vision-job-runner';
import { type RepeatingJob, startRepeatingJob } from './repeating-job';

export const VISION_JOBS_INTERVAL_MS = 3000;

export type VisionJobsContext = VisionWorkContext & { realtime?: Realtime };

const handlers: Record<VisionJobKind, VisionJobHandler<VisionJobsContext>> = {
  photo_screen: screenPhoto,
  chat_image_screen: screenChatImage,
  face_match: matchVerificationFace,
};

/** Runs jobs until none is due (or the worker stops); returns how many ran. */
export async function runDueVisionJobs(ctx: VisionJobsContext, isStopped = () => false) {
  let ran = 0;
  while (!isStopped() && (await runOneVisionJob(ctx, handlers))) ran++;
  return ran;
}

export function startVisionJobs(
  ctx: VisionJobsContext,
  options: { onError: (error: unknown) => void; draining: () => boolean; intervalMs?: number },
): RepeatingJob<number> {
  return startRepeatingJob({
    name: 'vision_jobs',
    // A draining server claims no new job: its model process may be gone with the process
    // group, and another server (or this one after its restart) runs the job in full.
    run: (isStopped) => runDueVisionJobs(ctx, () => isStopped() || options.draining()),
    intervalMs: options.intervalMs ?? VISION_JOBS_INTERVAL_MS,
    onError: options.onError,
    rerunWhenWoken: true,
  });
}

/** Starts the worker when the app is ready (unless disabled); returns its wake-up. */
export function registerVisionJobs(
  app: FastifyInstance,
  ctx: VisionJobsContext,
  enabled: boolean,
): () => void {
  let worker: RepeatingJob<number> | undefined;
  if (enabled) {
    app.addHook('onReady', async () => {
      worker = startVisionJobs(ctx, {
        onError: (err) => app.log.error({ err }, 'vision jobs failed'),
        draining: () => app.readiness.draining,
      });
    });
    app.addHook('preClose', async () => {
      await worker?.stop();
    });
  }
  return () => void worker?.wake();
}
