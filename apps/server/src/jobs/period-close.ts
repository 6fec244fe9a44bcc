// The period-close sweeper. The database row (auction_periods.status, end_time) is the
// source of truth; timers only wake the sweep: one at the open period's end and a check
// every 30 s. Any number of servers may run it: closePeriod is a guarded state change,
// so each period closes exactly once and a crash mid-close is simply retried.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../lib/context';
import { alertMetrics, closeMetrics } from '../lib/metrics';
import { listenForAlertRanges } from '../modules/alerts/alerts.events';
import { publishPeriodClosed } from '../modules/auctions/auctions.events';
import {
  type ClosedPeriod,
  type ClosePeriodOptions,
  closePeriod,
  closeStage,
  ensureOpenPeriod,
  type PeriodRow,
} from '../modules/auctions/periods.service';
import type { AppSocketServer } from '../plugins/socket';
import { startCountdownSync } from './countdown-sync';
import { startRepeatingJob } from './repeating-job';

export const SWEEP_INTERVAL_MS = 30_000;
/** setTimeout's largest delay; a longer wait is covered by the periodic check. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SweepDeps {
  db: Db;
  clock: Clock;
  io?: AppSocketServer;
}

export interface SweepResult {
  closed: ClosedPeriod | null;
  period: PeriodRow;
}

/** Closes the period when due (or now, with `force`) and makes sure one is open. */
export async function sweepPeriods(
  deps: SweepDeps,
  options: ClosePeriodOptions = {},
): Promise<SweepResult> {
  const now = deps.clock();
  const closed = await closePeriod(deps.db, now, options).catch((error: unknown) => {
    closeMetrics.failed();
    throw error;
  });
  const period = closed?.next ?? (await ensureOpenPeriod(deps.db, now));
  if (closed) recordClose(closed, now);
  const io = deps.io;
  if (closed && io)
    await closeStage('fan_out', () => publishPeriodClosed(io, deps.db, closed, now));
  return { closed, period };
}

function recordClose(closed: ClosedPeriod, now: Date) {
  closeMetrics.closed({ auctions: closed.auctionCount, connections: closed.connectionCount }, now);
  // Two alerts per connection, one of each kind.
  for (const kind of closed.alerts.kinds) {
    alertMetrics.written(kind, closed.alerts.count / closed.alerts.kinds.length);
  }
}

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
    stopCountdown = startCountdownSync({ db: deps.db, clock: deps.clock, io: app.io, onError });
    listenForAlertRanges(app.io, deps.db, onError);
    if (deps.enabled) {
      sweeper = startPeriodSweeper({ db: deps.db, clock: deps.clock, io: app.io, onError });
    }
  });
  app.addHook('preClose', async () => {
    stopCountdown?.();
    await sweeper?.stop();
  });
}
