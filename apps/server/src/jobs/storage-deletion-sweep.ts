// The storage deletion sweeper (modules/media/storage-deletions): deletes the objects an
// account deletion queued, retrying failures with backoff. The rows are the truth; the
// timer (every minute) and the wake after a deletion are only prompts. Any number of
// servers may run it: rows are claimed with SKIP LOCKED and finished under the claim.
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../adapters/storage/storage.port';
import type { Db } from '../db/client';
import {
  deleteQueuedObjects,
  STORAGE_DELETION_ALERT_ATTEMPTS,
  type StorageDeletionFailure,
} from '../modules/media/storage-deletions';
import { startRepeatingJob } from './repeating-job';

export const STORAGE_DELETION_INTERVAL_MS = 60_000;

export interface StorageDeletionSweeper {
  /** Runs until nothing is due; overlapping calls share one run. */
  wake(): Promise<{ deleted: number; failed: number } | undefined>;
  stop(): Promise<void>;
}

export function startStorageDeletionSweeper(deps: {
  db: Db;
  storage: Storage;
  clock: () => Date;
  onFailure: (failure: StorageDeletionFailure) => void;
  onError: (error: unknown) => void;
  intervalMs?: number;
}): StorageDeletionSweeper {
  return startRepeatingJob({
    name: 'storage_deletion_sweep',
    run: (isStopped) => deleteQueuedObjects({ ...deps, isStopped }),
    intervalMs: deps.intervalMs ?? STORAGE_DELETION_INTERVAL_MS,
    onError: deps.onError,
    // A wake means a deletion just committed, perhaps after this run's last claim.
    rerunWhenWoken: true,
  });
}

/** Starts the sweeper when the app is ready (unless disabled); returns its wake-up. */
export function registerStorageDeletionSweeper(
  app: FastifyInstance,
  deps: { db: Db; storage: Storage; clock: () => Date; enabled: boolean },
): () => void {
  let sweeper: StorageDeletionSweeper | undefined;
  if (deps.enabled) {
    app.addHook('onReady', async () => {
      sweeper = startStorageDeletionSweeper({
        ...deps,
        // The row id and the error's kind: never the key, nor a message that may quote it.
        onFailure: (failure) => {
          const level = failure.attempts >= STORAGE_DELETION_ALERT_ATTEMPTS ? 'error' : 'warn';
          app.log[level](failure, 'storage deletion failed; will retry');
        },
        onError: (err) => app.log.error({ err }, 'storage deletion sweep failed'),
      });
    });
    app.addHook('preClose', async () => {
      await sweeper?.stop();
    });
  }
  return () => void sweeper?.wake();
}
