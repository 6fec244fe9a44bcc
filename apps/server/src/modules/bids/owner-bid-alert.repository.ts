// The owner's alert about a bid on them (product rules, Bidding: `bid_notification` on, at
// most once per auction per hour). One statement claims the hour on the auction row
// (owner_alerted_at, a guarded UPDATE: of two servers taking bids at once only one claims
// it) and writes the alert in the owner's language; the outbox then pushes it, and texts
// it when they opted in to SMS, like every alert.
// Nearly every bid falls in an hour already claimed, so each server remembers, per
// auction, the claim it made or read (owner_alerted_at only ever moves forward) and sends
// no statement until that hour is over: the claim's UPDATE waited behind the auction's row
// lock while the next bids held it (issue 48: ~1-3 ms a bid in the spread surge).
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { AlertRow } from '../alerts/alerts.repository';
import { alertAboutHeld } from '../users/fraud-hold.repository';

/** How long after telling an owner about a bid on an auction the next bids stay quiet. */
export const OWNER_BID_ALERT_INTERVAL_MS = 60 * 60 * 1000;

export interface OwnerBidAlert {
  auctionId: number;
  now: Date;
  payload: Record<string, unknown>;
  english: string;
  french: string;
}

/** Per database handle (one server): auction id -> the claimed hour's last millisecond. */
const quietUntil = new WeakMap<Executor, Map<number, number>>();
/** Past this many auctions remembered, the hours already over are forgotten. */
const PRUNE_AT = 20_000;

function remembered(db: Executor): Map<number, number> {
  let known = quietUntil.get(db);
  if (!known) {
    known = new Map();
    quietUntil.set(db, known);
  }
  return known;
}

function remember(db: Executor, auctionId: number, claimedAt: number, now: number): void {
  const known = remembered(db);
  if (known.size >= PRUNE_AT) {
    for (const [id, until] of known) if (until <= now) known.delete(id);
  }
  known.set(auctionId, claimedAt + OWNER_BID_ALERT_INTERVAL_MS);
}

/**
 * Whether this server knows the owner was told about a bid on this auction within the hour
 * before `now`, so a claim now would find the hour taken (no statement needed). A claim
 * after an hour's end, or one this server never saw, is asked of the database.
 */
export function ownerHeardWithinHour(db: Executor, auctionId: number, now: Date): boolean {
  const until = quietUntil.get(db)?.get(auctionId);
  return until !== undefined && now.getTime() < until;
}

/**
 * The alert written, or null: the owner switched bid alerts off, or heard within the hour,
 * or the bidder is under a fraud hold (issue 42; the hour is then not taken).
 */
export async function insertOwnerBidAlert(
  db: Executor,
  alert: OwnerBidAlert,
): Promise<AlertRow | null> {
  if (ownerHeardWithinHour(db, alert.auctionId, alert.now)) return null;
  const now = alert.now.getTime();
  const quietSince = new Date(now - OWNER_BID_ALERT_INTERVAL_MS);
  const payload = sql`${JSON.stringify(alert.payload)}::jsonb`;
  // One row: the alert written (its columns null when none), and the claim the statement
  // found on the auction when it claimed none (owner_alerted_at as this statement read it).
  const [row] = await rows<
    Omit<AlertRow, 'id'> & { id: number | null; alerted_at: Date | string | null }
  >(
    db,
    sql`WITH claimed AS (
          UPDATE auctions a SET owner_alerted_at = ${alert.now.toISOString()}::timestamptz
            FROM users o
           WHERE a.id = ${alert.auctionId} AND o.id = a.user_id AND o.bid_notification
             AND NOT ${alertAboutHeld(sql`o.id`, payload)}
             AND (a.owner_alerted_at IS NULL
                  OR a.owner_alerted_at <= ${quietSince.toISOString()}::timestamptz)
          RETURNING o.id AS user_id, o.language
        ), written AS (
          INSERT INTO alerts (user_id, kind, payload, message)
          SELECT user_id, 'bid_received', ${payload},
                 CASE WHEN language = 'fr-CA' THEN ${alert.french} ELSE ${alert.english} END
            FROM claimed
          RETURNING id, user_id, kind, payload, message, is_read, read_at, created_at
        )
        SELECT w.id, w.user_id, w.kind, w.payload, w.message, w.is_read, w.read_at,
               w.created_at, a.owner_alerted_at AS alerted_at
          FROM auctions a LEFT JOIN written w ON true
         WHERE a.id = ${alert.auctionId}`,
  );
  if (!row) return null;
  const { alerted_at: alertedAt, ...written } = row;
  if (written.id !== null) {
    remember(db, alert.auctionId, now, now);
    return written as AlertRow;
  }
  // Another server's claim (or this one's from before a restart) still running: remember it.
  // An owner with bid alerts off is asked again at the next bid, as they may switch them on.
  const claimedAt = alertedAt === null ? null : new Date(alertedAt).getTime();
  if (claimedAt !== null && claimedAt + OWNER_BID_ALERT_INTERVAL_MS > now) {
    remember(db, alert.auctionId, claimedAt, now);
  }
  return null;
}
