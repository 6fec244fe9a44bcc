// Runs the durable vision jobs one at a time on this server (the model process takes one
// image at a time anyway). A handler does its model work outside any transaction, then
// commits its effect together with the job's close; a lost claim discards the effect.
// A handler that throws is retried with a growing delay, then given up as failed (the
// subject stays unscreened: hidden from other members, visible to moderators).
import type { Storage } from '../../adapters/storage/storage.port';
import type { Vision } from '../../adapters/vision/vision.port';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { VisionJobKind } from '../../db/media.schema';
import type { Clock } from '../../lib/context';
import {
  claimVisionJob,
  finishVisionJob,
  VISION_JOB_MAX_ATTEMPTS,
  type VisionJob,
  visionRetryDelaySeconds,
} from './vision-jobs.repository';

export interface VisionWorkContext {
  db: Db;
  storage: Storage;
  clock: Clock;
  vision: Vision;
  config: Config;
}

export interface JobRun {
  job: VisionJob;
  /** Writes the effect and closes the job in one transaction; false when the claim was lost. */
  commit(apply: (tx: Tx) => Promise<void>): Promise<boolean>;
}

export type VisionJobHandler<C extends VisionWorkContext = VisionWorkContext> = (
  ctx: C,
  run: JobRun,
) => Promise<void>;

/** Runs one due job; false when none was due. */
export async function runOneVisionJob<C extends VisionWorkContext>(
  ctx: C,
  handlers: Record<VisionJobKind, VisionJobHandler<C>>,
): Promise<boolean> {
  const job = await claimVisionJob(ctx.db);
  if (!job) return false;
  let committed = false;
  const run: JobRun = {
    job,
    commit: (apply) =>
      ctx.db.transaction(async (tx) => {
        committed = true;
        if (!(await finishVisionJob(tx, job, { status: 'done' }))) return false;
        await apply(tx);
        return true;
      }),
  };
  try {
    await handlers[job.kind](ctx, run);
    if (!committed) await run.commit(async () => {});
  } catch (error) {
    const text = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await finishVisionJob(
      ctx.db,
      job,
      job.attempts >= VISION_JOB_MAX_ATTEMPTS
        ? { status: 'failed', error: text }
        : { status: 'retry', error: text, delaySeconds: visionRetryDelaySeconds(job.attempts) },
    );
  }
  return true;
}
