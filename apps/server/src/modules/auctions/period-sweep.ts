// One period sweep, as the scheduler, the admin's close-now and the CLI run it: closes the
// open period when it is due (or at once, with `force`), makes sure a period is open, then
// tells the board. closePeriod is a guarded state change, so concurrent sweeps close a
// period once.
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/context';
import { alertMetrics, closeMetrics } from '../../lib/metrics';
import { publishAfterCommit, type Realtime } from '../../lib/realtime';
import { periodClosedEvents } from './auctions.events';
import {
  type ClosedPeriod,
  type ClosePeriodOptions,
  closePeriod,
  closeStage,
  ensureOpenPeriod,
  type PeriodRow,
} from './periods.service';

export interface SweepDeps {
  db: Db;
  clock: Clock;
  realtime?: Realtime;
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
  const realtime = deps.realtime;
  // The board hears of the close (and every server delivers its alerts) as one timed stage.
  const fanOut: Realtime | undefined = realtime && {
    publish: (events) => closeStage('fan_out', () => realtime.publish(events)),
  };
  return publishAfterCommit(fanOut, async (events) => {
    const closed = await closePeriod(deps.db, now, options).catch((error: unknown) => {
      closeMetrics.failed();
      throw error;
    });
    const period = closed?.next ?? (await ensureOpenPeriod(deps.db, now));
    if (closed) {
      recordClose(closed, now);
      events.add(...periodClosedEvents(closed, now));
    }
    return { closed, period };
  });
}

function recordClose(closed: ClosedPeriod, now: Date) {
  closeMetrics.closed({ auctions: closed.auctionCount, connections: closed.connectionCount }, now);
  for (const [kind, count] of Object.entries(closed.alertsByKind)) {
    alertMetrics.written(kind, count);
  }
}
