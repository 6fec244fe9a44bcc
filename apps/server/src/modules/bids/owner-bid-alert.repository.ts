// The owner's alert about a bid on them (product rules, Bidding: `bid_notification` on, at
// most once per auction per hour). One statement claims the hour on the auction row
// (owner_alerted_at, a guarded UPDATE: of two servers taking bids at once only one claims
// it) and writes the alert in the owner's language; the outbox then pushes it, and texts
// it when they opted in to SMS, like every alert.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { AlertRow } from '../alerts/alerts.repository';

/** How long after telling an owner about a bid on an auction the next bids stay quiet. */
export const OWNER_BID_ALERT_INTERVAL_MS = 60 * 60 * 1000;

export interface OwnerBidAlert {
  auctionId: number;
  now: Date;
  payload: Record<string, unknown>;
  english: string;
  french: string;
}

/** The alert written, or null: the owner switched bid alerts off, or heard within the hour. */
export async function insertOwnerBidAlert(
  db: Executor,
  alert: OwnerBidAlert,
): Promise<AlertRow | null> {
  const quietUntil = new Date(alert.now.getTime() - OWNER_BID_ALERT_INTERVAL_MS);
  const [row] = await rows<AlertRow>(
    db,
    sql`WITH claimed AS (
          UPDATE auctions a SET owner_alerted_at = ${alert.now.toISOString()}::timestamptz
            FROM users o
           WHERE a.id = ${alert.auctionId} AND o.id = a.user_id AND o.bid_notification
             AND (a.owner_alerted_at IS NULL
                  OR a.owner_alerted_at <= ${quietUntil.toISOString()}::timestamptz)
          RETURNING o.id AS user_id, o.language
        )
        INSERT INTO alerts (user_id, kind, payload, message)
        SELECT user_id, 'bid_received', ${JSON.stringify(alert.payload)}::jsonb,
               CASE WHEN language = 'fr-CA' THEN ${alert.french} ELSE ${alert.english} END
          FROM claimed
        RETURNING id, user_id, kind, payload, message, is_read, read_at, created_at`,
  );
  return row ?? null;
}
