// The period-close sweeper. The database row (auction_periods.status, end_time) is the
// source of truth; timers only wake the sweep: one at the open period's end and a check
// every 30 s. Any number of servers may run it: closePeriod is a guarded state change,
// so each period closes exactly once and a crash mid-close is simply retried.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../lib/context';
import { type SweepDeps, sweepPeriods } from '../modules/auctions/period-sweep';
import { currentPeriod } from '../modules/auctions/periods.service';
import { startCountdownSync } from './countdown-sync';
import { startRepeatingJob } from './repeating-job';

export const SWEEP_INTERVAL_MS = 30_000;
/** setTimeout's largest delay; a longer wait is covered by the periodic check. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface PeriodSweeper {
  /** Runs a sweep now (the timers call this); overlapping calls share one run. */
  wake(): Promise<void>;
  /** Stops the timers; resolves when a sweep in progress has finished. */
  stop(): Promise<void>;
}

export function startPeriodSweeper(
  deps: SweepDeps & { onError?: (error: unknown) => void; intervalMs?: number },
): PeriodSweeper {
  let endTimer: NodeJS.Timeout | undefined;
  const job = startRepeatingJob({
    name: 'period_close',
    run: async (isStopped) => {
      const { period } = await sweepPeriods(deps);
      clearTimeout(endTimer);
      if (isStopped()) return;
      const delay = Math.min(
        MAX_TIMER_MS,
        Math.max(0, period.end_time.getTime() - deps.clock().getTime()),
      );
      endTimer = setTimeout(() => void job.wake(), delay);
      endTimer.unref();
    },
    intervalMs: deps.intervalMs ?? SWEEP_INTERVAL_MS,
    onError: (error) => deps.onError?.(error),
  });

  return {
    wake: job.wake,
    stop: async () => {
      clearTimeout(endTimer);
      await job.stop();
    },
  };
}

/**
 * Starts the sweeper (unless disabled) and the countdown sync when the app is ready,
 * and stops both, letting a sweep in progress finish, when the app closes.
 */
export function registerPeriodSweeper(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; enabled: boolean },
): void {
  let sweeper: PeriodSweeper | undefined;
  let stopCountdown: (() => void) | undefined;
  app.addHook('onReady', async () => {
    const onError = (err: unknown) => app.log.error({ err }, 'auction period job failed');
    stopCountdown = startCountdownSync({
      currentPeriod: () => currentPeriod(deps.db),
      clock: deps.clock,
      io: app.io,
      onError,
    });
    if (deps.enabled) {
      sweeper = startPeriodSweeper({
        db: deps.db,
        clock: deps.clock,
        realtime: app.realtime,
        onError,
      });
    }
  });
  app.addHook('preClose', async () => {
    stopCountdown?.();
    await sweeper?.stop();
  });
}
