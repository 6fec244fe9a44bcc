// Auction periods: opening one (with an auction for every eligible member) and closing
// it. Closing is a guarded state change (`UPDATE ... WHERE status = 'open'`) inside one
// transaction, so concurrent closers — two servers, the admin button, the CLI — close a
// period exactly once, and a crash part-way leaves nothing half done.
import type { Db, Tx } from '../../db/client';
import { type CloseStage, closeMetrics, secondsSince } from '../../lib/metrics';
import { withSpan } from '../../lib/tracing';
import type { AlertRange } from '../alerts/alerts.repository';
import { recordAdminAction } from '../audit';
import { nextPeriodEnd } from './period-time';
import {
  CLOSE_ALERT_KINDS,
  closeAuctions,
  currentPeriod,
  insertOpenPeriod,
  markPeriodClosed,
  openAuctionsFor,
  type PeriodRow,
  refundEscrowBeyondPrice,
  writeCloseAlerts,
} from './periods.repository';

export type { PeriodRow } from './periods.repository';
export { currentPeriod, periodById } from './periods.repository';

/**
 * What a close did, in counts: its rows stay in the database (a period may hold 100,000
 * auctions), and the alerts are read back for online members only, by id range.
 */
export interface ClosedPeriod {
  periodId: number;
  auctionCount: number;
  connectionCount: number;
  alerts: AlertRange;
  /** Alerts written, by kind (bidboard_alerts_written_total). */
  alertsByKind: Partial<Record<(typeof CLOSE_ALERT_KINDS)[number], number>>;
  next: PeriodRow;
}

const iso = (d: Date) => d.toISOString();

/** Each step of a close is timed (bidboard_close_stage_duration_seconds) and traced. */
export function closeStage<T>(stage: CloseStage, run: () => Promise<T>): Promise<T> {
  return withSpan(`close ${stage}`, {}, async () => {
    const start = performance.now();
    try {
      return await run();
    } finally {
      closeMetrics.stage(stage, secondsSince(start));
    }
  });
}

async function openPeriod(tx: Tx, start: Date, end: Date): Promise<PeriodRow | null> {
  // The partial unique index allows one open period; a racing opener gets nothing.
  const period = await insertOpenPeriod(tx, start, end);
  if (!period) return null;
  await openAuctionsFor(tx, period.id);
  return period;
}

/** The open period, opening the first one (ending next Thursday 20:00 ET) if none is. */
export async function ensureOpenPeriod(db: Db, now: Date): Promise<PeriodRow> {
  const existing = await currentPeriod(db);
  if (existing) return existing;
  const opened = await db.transaction((tx) => openPeriod(tx, now, nextPeriodEnd(now)));
  return opened ?? (await currentPeriod(db))!;
}

export interface ClosePeriodOptions {
  force?: boolean;
  /** An operator closing it by hand: the close is written to the admin audit log. */
  closedBy?: { adminId: number | null };
}

/**
 * Closes the open period if it is due (or at once with `force`) and opens the next.
 * Returns null when there was nothing to close, e.g. another server already did.
 */
export async function closePeriod(
  db: Db,
  now: Date,
  options: ClosePeriodOptions = {},
): Promise<ClosedPeriod | null> {
  const force = options.force === true;
  return db.transaction(async (tx) => {
    const started = performance.now();
    const closed = await markPeriodClosed(tx, now, force);
    if (!closed) return null;
    // Timed only when it closed something: every sweep tries it.
    closeMetrics.stage('close_period', secondsSince(started));
    const periodId = Number(closed.id);
    const closedEnd = new Date(closed.end_time);

    // Waits for bids in flight on each auction row, then sees their committed result.
    // The escrow (current bid, with its parts by origin) moves from the auction to the
    // connection; no tokens move.
    // Only counts come back: no row of the period travels to Node.
    const made = await closeStage('close_auctions', () => closeAuctions(tx, periodId, now));

    // The leader's escrow beyond the price comes back: the unused part of a maximum, or
    // all of it below the hidden reserve (their result alert says why). Members in
    // ascending id order, like a bid.
    await closeStage('refund_escrow', () => refundEscrowBeyondPrice(tx, periodId));

    const alerts = await closeStage('write_alerts', () => writeCloseAlerts(tx, periodId));

    const start = closedEnd;
    const next = await closeStage('open_next_period', () =>
      openPeriod(tx, start, nextPeriodEnd(new Date(Math.max(now.getTime(), closedEnd.getTime())))),
    );
    if (!next) throw new Error('could not open the next auction period');
    if (options.closedBy) {
      await recordAdminAction(tx, {
        adminId: options.closedBy.adminId,
        action: 'period.close',
        targetType: 'period',
        targetId: periodId,
        before: { status: 'open' },
        after: {
          status: 'closed',
          end_time: iso(closedEnd),
          connections: made.n,
          next_period_id: next.id,
        },
      });
    }
    return {
      periodId,
      auctionCount: made.auctions,
      connectionCount: made.n,
      alerts: {
        count: alerts.n,
        firstId: Number(alerts.first_id ?? 0),
        lastId: Number(alerts.last_id ?? 0),
        kinds: [...CLOSE_ALERT_KINDS],
      },
      alertsByKind: alerts.by_kind ?? {},
      next,
    };
  });
}
