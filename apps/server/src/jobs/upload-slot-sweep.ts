// The abandoned-upload sweeper (issue 14, defect 5): presigned verification-video uploads
// that were never submitted are deleted from storage once their slot expires
// (modules/media/upload-slots). The upload_slots rows are the source of truth; the timer
// only wakes the sweep. Any number of servers may run it: each takes its rows with
// SKIP LOCKED, and a sweep after downtime catches up.
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../adapters/storage/storage.port';
import type { Db } from '../db/client';
import { sweepAbandonedUploads } from '../modules/media/upload-slots';
import { startRepeatingJob } from './repeating-job';

export const UPLOAD_SWEEP_INTERVAL_MS = 5 * 60_000;

export interface UploadSlotSweeper {
  /** Runs a sweep now; overlapping calls share one run. Resolves to how many were swept. */
  wake(): Promise<number>;
  stop(): Promise<void>;
}

export function startUploadSlotSweeper(deps: {
  db: Db;
  storage: Storage;
  clock: () => Date;
  onError: (error: unknown) => void;
  intervalMs?: number;
}): UploadSlotSweeper {
  const job = startRepeatingJob({
    name: 'upload_slot_sweep',
    run: () => sweepAbandonedUploads(deps),
    intervalMs: deps.intervalMs ?? UPLOAD_SWEEP_INTERVAL_MS,
    onError: deps.onError,
  });
  return { wake: async () => (await job.wake()) ?? 0, stop: job.stop };
}

/** Starts the sweeper when the app is ready (unless disabled) and stops it on close. */
export function registerUploadSlotSweeper(
  app: FastifyInstance,
  deps: { db: Db; storage: Storage; clock: () => Date; enabled: boolean },
): void {
  if (!deps.enabled) return;
  let sweeper: UploadSlotSweeper | undefined;
  app.addHook('onReady', async () => {
    sweeper = startUploadSlotSweeper({
      ...deps,
      onError: (err) => app.log.error({ err }, 'upload slot sweep failed'),
    });
  });
  app.addHook('preClose', async () => {
    await sweeper?.stop();
  });
}
