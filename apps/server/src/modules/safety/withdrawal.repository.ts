// SQL of a member's withdrawal (suspension, deletion): locking what it will change, in
// the order every escrow change uses, and the guarded changes to auctions and
// connections. member-withdrawal.service decides what changes and refunds the escrows.
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { AuctionEscrow } from '../auctions/auction-escrow';
import { updateConnectionWhere } from '../connections/connections.repository';

export interface LockedAuction extends AuctionEscrow {
  id: number;
  user_id: number;
  current_bid: number;
  /** The leader's escrow: their whole maximum. */
  lead_max: number;
  starting_bid: number;
  lead_bidder_id: number | null;
}

/** The member's live auction and the live auctions they lead, locked by id. */
export async function lockLiveAuctionsOf(tx: Tx, userId: number): Promise<LockedAuction[]> {
  const auctions = await rows<LockedAuction>(
    tx,
    sql`SELECT id, user_id, current_bid, lead_max, starting_bid, lead_bidder_id, escrow_promotional,
               escrow_purchased, escrow_redeemable FROM auctions
         WHERE status = 'active' AND (user_id = ${userId} OR lead_bidder_id = ${userId})
         ORDER BY id FOR UPDATE`,
  );
  return auctions.map((a) => ({ ...a, id: Number(a.id) }));
}

/**
 * The live auctions the two members own, locked by id: a block voids a lead either holds
 * on the other's, and a bid between the two waiting on one of them sees the block.
 */
export async function lockLiveAuctionsOwnedBy(
  tx: Tx,
  a: number,
  b: number,
): Promise<LockedAuction[]> {
  const auctions = await rows<LockedAuction>(
    tx,
    sql`SELECT id, user_id, current_bid, lead_max, starting_bid, lead_bidder_id, escrow_promotional,
               escrow_purchased, escrow_redeemable FROM auctions
         WHERE status = 'active' AND user_id IN (${a}, ${b})
         ORDER BY id FOR UPDATE`,
  );
  return auctions.map((x) => ({ ...x, id: Number(x.id) }));
}

/**
 * The member's connections still open or holding an escrow (only those with `otherId`
 * when given: a block's), locked by id.
 */
export function lockOpenConnectionsOf(
  tx: Tx,
  userId: number,
  otherId?: number,
): Promise<{ id: number; user_id: number; partner_id: number }[]> {
  const between =
    otherId === undefined
      ? sql`(user_id = ${userId} OR partner_id = ${userId})`
      : sql`((user_id = ${userId} AND partner_id = ${otherId})
          OR (user_id = ${otherId} AND partner_id = ${userId}))`;
  return rows<{ id: number; user_id: number; partner_id: number }>(
    tx,
    sql`SELECT id, user_id, partner_id FROM connections
         WHERE ${between} AND (status IN ('pending', 'accepted') OR escrow_state = 'held')
         ORDER BY id FOR UPDATE`,
  );
}

/** Locks these members' rows in ascending id order. */
export async function lockMembers(tx: Tx, userIds: readonly number[]): Promise<void> {
  await tx.execute(
    sql`SELECT id FROM users WHERE id = ANY(${`{${userIds.join(',')}}`}::int[])
         ORDER BY id FOR UPDATE`,
  );
}

/** Takes a live auction off the board; a second removal changes nothing. */
export async function markLiveAuctionDeleted(tx: Tx, auctionId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE auctions SET status = 'deleted', updated_at = now()
         WHERE id = ${auctionId} AND status = 'active'`,
  );
}

const iso = (d: Date) => d.toISOString();

/**
 * Ends the connection for a withdrawal, trying each case in turn: pending or accepted
 * with the escrow held (unmatched, escrow refunded), accepted and paid (unmatched),
 * rejected with the escrow still held (escrow refunded). The changed row, or null.
 */
export async function endConnectionForWithdrawal(tx: Tx, connectionId: number, now: Date) {
  const released = sql`escrow_state = 'refunded', escrow_released_at = ${iso(now)}::timestamptz`;
  const stamp = sql`status_changed_at = ${iso(now)}::timestamptz`;
  return (
    (await updateConnectionWhere(
      tx,
      connectionId,
      sql`status = 'unmatched', ${released}, ${stamp}`,
      sql`status IN ('pending', 'accepted') AND escrow_state = 'held'`,
      now,
    )) ??
    (await updateConnectionWhere(
      tx,
      connectionId,
      sql`status = 'unmatched', ${stamp}`,
      sql`status = 'accepted' AND escrow_state = 'paid'`,
      now,
    )) ??
    (await updateConnectionWhere(
      tx,
      connectionId,
      released,
      sql`status = 'rejected' AND escrow_state = 'held'`,
      now,
    ))
  );
}
