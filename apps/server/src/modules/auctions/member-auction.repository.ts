// SQL of a member's own auction: whether it is live, creating it, opening it when the
// member becomes eligible, and taking it off the board.
import { ONBOARDING_COMPLETE } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';

/** Whether the member's auction is live in the open period. */
export async function hasLiveAuctionIn(db: Executor, userId: number): Promise<boolean> {
  const found = await rows(
    db,
    sql`SELECT 1 FROM auctions a JOIN auction_periods p ON p.id = a.period_id
         WHERE a.user_id = ${userId} AND a.status = 'active' AND p.status = 'open'`,
  );
  return found.length > 0;
}

/**
 * The member's auction in the period unless they have one; the reserve defaults to the
 * one on their profile. Returns the auction's id, new or not.
 */
export async function insertOwnAuction(
  db: Executor,
  auction: {
    userId: number;
    periodId: number;
    startingBid: number;
    reservePrice: number | null;
    description: string | null;
  },
): Promise<number> {
  const { userId, periodId, startingBid } = auction;
  await db.execute(
    sql`INSERT INTO auctions (user_id, period_id, starting_bid, current_bid, reserve_price, description)
        VALUES (${userId}, ${periodId}, ${startingBid}, ${startingBid},
                COALESCE(${auction.reservePrice}::int,
                         (SELECT reserve_price FROM users WHERE id = ${userId})),
                ${auction.description})
        ON CONFLICT (user_id, period_id) DO NOTHING`,
  );
  const [own] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM auctions WHERE user_id = ${userId} AND period_id = ${periodId}`,
  );
  return own!.id;
}

/**
 * The member's auction in the open period when they are eligible (approved, onboarded,
 * bids on, neither suspended nor deleted) and have none there yet (see member-auction.ts);
 * its id, else null.
 */
export async function insertEligibleMemberAuction(tx: Tx, userId: number): Promise<number | null> {
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

/**
 * Takes an active auction off the board (guarded: once); its escrow as it stood, or
 * undefined when it was not active.
 */
export async function markAuctionDeleted(tx: Tx, auctionId: number) {
  const [auction] = await rows<{
    id: number;
    user_id: number;
    current_bid: number;
    lead_max: number;
    lead_bidder_id: number | null;
    escrow_promotional: number;
    escrow_purchased: number;
    escrow_redeemable: number;
  }>(
    tx,
    sql`UPDATE auctions SET status = 'deleted', updated_at = now()
         WHERE id = ${auctionId} AND status = 'active'
     RETURNING id, user_id, current_bid, lead_max, lead_bidder_id, escrow_promotional,
               escrow_purchased, escrow_redeemable`,
  );
  return auction;
}
