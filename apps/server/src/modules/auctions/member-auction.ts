// Product rules (Bidding): every approved member with bids switched on has one auction in
// each period, and one who becomes eligible during a period (approved, finishing
// onboarding with AUTO_APPROVE, switching bids on) gets theirs in the current period at
// once, so they can be found right away. Every path that makes a member eligible calls
// this inside its own transaction.
import { ONBOARDING_COMPLETE } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';

/**
 * Opens the member's auction in the open period when they are eligible. Idempotent: an
 * auction they already have (even one an admin took off the board) is left as it is; with
 * no open period nothing happens, and the period that opens next includes them.
 * Returns the new auction's id, or null when none was opened.
 */
export async function openAuctionForMember(tx: Tx, userId: number): Promise<number | null> {
  const [opened] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO auctions (user_id, period_id, reserve_price)
        SELECT u.id, p.id, u.reserve_price
          FROM users u
          JOIN auction_periods p ON p.status = 'open'
         WHERE u.id = ${userId} AND u.is_approved AND u.available_for_bids
           AND u.onboarded = ${ONBOARDING_COMPLETE}
           AND u.suspended_at IS NULL AND u.deleted_at IS NULL
        ON CONFLICT (user_id, period_id) DO NOTHING
        RETURNING id`,
  );
  return opened ? Number(opened.id) : null;
}
