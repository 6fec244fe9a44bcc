// SQL of changing a live auction's lead from outside a bid: a withdrawal voids the lead of a
// suspended or deleted member, a purchase reversal takes its purchased tokens back out of
// the leads its buyer holds (lead-clawback.ts). Every change is a guarded UPDATE on a row
// its caller locked first (auctions before connections before members).
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { AuctionEscrow } from './auction-escrow';

export interface LockedLead extends AuctionEscrow {
  id: number;
  /** The owner. */
  user_id: number;
  current_bid: number;
  /** The leader's escrow: their whole maximum. */
  lead_max: number;
}

/** The live auctions `bidderId` leads with purchased tokens in the escrow, locked by id. */
export async function lockPurchasedLeadsOf(tx: Tx, bidderId: number): Promise<LockedLead[]> {
  const found = await rows<LockedLead>(
    tx,
    sql`SELECT id, user_id, current_bid, lead_max, escrow_promotional, escrow_purchased,
               escrow_redeemable FROM auctions
         WHERE status = 'active' AND lead_bidder_id = ${bidderId} AND escrow_purchased > 0
         ORDER BY id FOR UPDATE`,
  );
  return found.map((a) => ({ ...a, id: Number(a.id) }));
}

/**
 * Takes `tokens` purchased tokens out of the leader's escrow, lowering their maximum, when
 * what is left still covers the current bid; false (nothing changed) otherwise.
 */
export async function lowerLead(
  tx: Tx,
  lead: LockedLead,
  bidderId: number,
  tokens: number,
): Promise<boolean> {
  const changed = await rows(
    tx,
    sql`UPDATE auctions SET lead_max = lead_max - ${tokens},
               escrow_purchased = escrow_purchased - ${tokens}, updated_at = now()
         WHERE id = ${lead.id} AND status = 'active' AND lead_bidder_id = ${bidderId}
           AND escrow_purchased >= ${tokens} AND lead_max - ${tokens} >= current_bid
        RETURNING id`,
  );
  return changed.length > 0;
}

/** The id of the auction's last bid. */
export async function lastBidIdOf(tx: Tx, auctionId: number): Promise<number> {
  const [last] = await rows<{ id: string | number }>(
    tx,
    sql`SELECT max(id) AS id FROM bids WHERE auction_id = ${auctionId}`,
  );
  return Number(last!.id);
}

/**
 * The auction starts again from its starting bid with no leader and no escrow; its bids
 * through `lastBidId` no longer count.
 */
export async function voidAuctionLead(tx: Tx, auctionId: number, lastBidId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE auctions SET lead_bidder_id = NULL, current_bid = starting_bid, lead_max = 0,
               escrow_promotional = 0, escrow_purchased = 0, escrow_redeemable = 0,
               bids_voided_through = ${lastBidId}, updated_at = now()
         WHERE id = ${auctionId}`,
  );
}
