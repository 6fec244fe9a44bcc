// The retention sweeper (modules/retention): deletes spent sign-in codes, ended sessions,
// finished notifications, finished storage deletions and bid request keys once they are older than their
// RETENTION_* setting. Hourly; the rows are the truth and the timer only a prompt, so a
// sweep after downtime catches up. Any number of servers may run it (SKIP LOCKED batches).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import {
  type Pruned,
  pruneExpiredRows,
  type RetentionConfig,
} from '../modules/retention/retention.service';
import { startRepeatingJob } from './repeating-job';

export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60_000;

export interface RetentionSweeper {
  /** Runs a sweep now; overlapping calls share one run. */
  wake(): Promise<Pruned | undefined>;
  stop(): Promise<void>;
}

export function startRetentionSweeper(deps: {
  db: Db;
  config: RetentionConfig;
  clock: () => Date;
  onError: (error: unknown) => void;
  intervalMs?: number;
}): RetentionSweeper {
  return startRepeatingJob({
    name: 'retention_sweep',
    run: (isStopped) => pruneExpiredRows(deps, isStopped),
    intervalMs: deps.intervalMs ?? RETENTION_SWEEP_INTERVAL_MS,
    onError: deps.onError,
  });
}

/** Starts the sweeper when the app is ready (unless disabled) and stops it on close. */
export function registerRetentionSweeper(
  app: FastifyInstance,
  deps: { db: Db; config: RetentionConfig; clock: () => Date; enabled: boolean },
): void {
  if (!deps.enabled) return;
  let sweeper: RetentionSweeper | undefined;
  app.addHook('onReady', async () => {
    sweeper = startRetentionSweeper({
      ...deps,
      onError: (err) => app.log.error({ err }, 'retention sweep failed'),
    });
  });
  app.addHook('preClose', async () => {
    await sweeper?.stop();
  });
}
