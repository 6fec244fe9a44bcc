// What suspending or deleting a member does to the marketplace (issue 11): their auction
// leaves the board with its leader refunded, every escrow they hold as a bidder comes
// back to them (their leads on other auctions, their held connection bids), and their
// connections end (the other bidder refunded where the escrow was still held).
//
// Locks are taken in the order every other escrow change uses: auction rows (by id), then
// connection rows (by id), then member rows by ascending id. Nothing is changed before
// all of them are held, and every change is a guarded UPDATE or a keyed ledger row, so two
// suspensions racing (or a suspension racing a deletion) refund once: the second waits,
// then finds nothing left to release.
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import { type AuctionEscrow, auctionEscrowParts } from '../auctions/auction-escrow';
import type { RemovedAuction } from '../auctions/remove-auction.service';
import {
  type ConnectionEffects,
  eventForBoth,
  mergeEffects,
  noEffects,
} from '../connections/connection-effects';
import { refundEscrow } from '../connections/connection-escrow';
import { updateConnectionWhere } from '../connections/connections.repository';
import { applyBalanceChange, type LedgerEntry } from '../tokens/ledger';

export type WithdrawalRefund = 'refund' | 'refund_deleted_user';

interface LockedAuction extends AuctionEscrow {
  id: number;
  user_id: number;
  current_bid: number;
  /** The leader's escrow: their whole maximum. */
  lead_max: number;
  starting_bid: number;
  lead_bidder_id: number | null;
}

export interface LockedEntanglements {
  userId: number;
  auctions: LockedAuction[];
  connectionIds: number[];
}

export interface Withdrawal {
  removedAuctions: RemovedAuction[];
  /** The member's leads on other auctions, voided and refunded to them. */
  voidedLeads: { auctionId: number; refund: LedgerEntry }[];
  connections: ConnectionEffects;
}

/** Locks everything a withdrawal will change; call before the member's own row changes. */
export async function lockEntanglements(tx: Tx, userId: number): Promise<LockedEntanglements> {
  const auctions = await rows<LockedAuction>(
    tx,
    sql`SELECT id, user_id, current_bid, lead_max, starting_bid, lead_bidder_id, escrow_promotional,
               escrow_purchased, escrow_redeemable FROM auctions
         WHERE status = 'active' AND (user_id = ${userId} OR lead_bidder_id = ${userId})
         ORDER BY id FOR UPDATE`,
  );
  const connections = await rows<{ id: number; user_id: number; partner_id: number }>(
    tx,
    sql`SELECT id, user_id, partner_id FROM connections
         WHERE (user_id = ${userId} OR partner_id = ${userId})
           AND (status IN ('pending', 'accepted') OR escrow_state = 'held')
         ORDER BY id FOR UPDATE`,
  );
  const members = new Set<number>([userId]);
  for (const a of auctions) if (a.lead_bidder_id !== null) members.add(a.lead_bidder_id);
  for (const c of connections) {
    members.add(c.user_id);
    members.add(c.partner_id);
  }
  await tx.execute(
    sql`SELECT id FROM users WHERE id = ANY(${`{${[...members].join(',')}}`}::int[])
         ORDER BY id FOR UPDATE`,
  );
  return {
    userId,
    auctions: auctions.map((a) => ({ ...a, id: Number(a.id) })),
    connectionIds: connections.map((c) => Number(c.id)),
  };
}

/** Releases what lockEntanglements locked. */
export async function withdrawMember(
  tx: Tx,
  locked: LockedEntanglements,
  now: Date,
  refundType: WithdrawalRefund,
): Promise<Withdrawal> {
  const { userId } = locked;
  const withdrawal: Withdrawal = { removedAuctions: [], voidedLeads: [], connections: noEffects() };
  for (const auction of locked.auctions) {
    if (auction.user_id === userId) {
      withdrawal.removedAuctions.push(await takeOffBoard(tx, auction, refundType));
    } else {
      withdrawal.voidedLeads.push(await voidLead(tx, auction, refundType));
    }
  }
  for (const id of locked.connectionIds) {
    mergeEffects(withdrawal.connections, await endConnection(tx, id, now, refundType));
  }
  return withdrawal;
}

/** Same refund key as an admin's removal: the leader is refunded once, whoever removes. */
async function takeOffBoard(
  tx: Tx,
  auction: LockedAuction,
  refundType: WithdrawalRefund,
): Promise<RemovedAuction> {
  await tx.execute(
    sql`UPDATE auctions SET status = 'deleted', updated_at = now()
         WHERE id = ${auction.id} AND status = 'active'`,
  );
  if (auction.lead_bidder_id === null || auction.current_bid === 0) {
    return { auctionId: auction.id, refunded: null };
  }
  const entry = await applyBalanceChange(tx, {
    userId: auction.lead_bidder_id,
    amount: auction.lead_max,
    parts: auctionEscrowParts(auction),
    type: refundType,
    bidTargetId: auction.user_id,
    referenceId: `auction:${auction.id}`,
    idempotencyKey: `auction-removed:${auction.id}`,
  });
  return {
    auctionId: auction.id,
    refunded: entry ? { userId: entry.user_id, tokenBalance: entry.balance_after } : null,
  };
}

/**
 * The member's lead on someone else's auction: their escrow comes back and the auction
 * starts again from its starting bid (the bids before were refunded as they were outbid).
 */
async function voidLead(tx: Tx, auction: LockedAuction, refundType: WithdrawalRefund) {
  const [last] = await rows<{ id: string | number }>(
    tx,
    sql`SELECT max(id) AS id FROM bids WHERE auction_id = ${auction.id}`,
  );
  const lastBidId = Number(last!.id);
  await tx.execute(
    sql`UPDATE auctions SET lead_bidder_id = NULL, current_bid = starting_bid, lead_max = 0,
               escrow_promotional = 0, escrow_purchased = 0, escrow_redeemable = 0,
               bids_voided_through = ${lastBidId}, updated_at = now()
         WHERE id = ${auction.id}`,
  );
  const refund = await applyBalanceChange(tx, {
    userId: auction.lead_bidder_id!,
    amount: auction.lead_max,
    parts: auctionEscrowParts(auction),
    type: refundType,
    bidTargetId: auction.user_id,
    referenceId: `auction:${auction.id}`,
    idempotencyKey: `auction-lead-voided:${auction.id}:${lastBidId}`,
  });
  if (!refund) throw new Error(`lead on auction ${auction.id} was already voided`);
  return { auctionId: auction.id, refund };
}

const iso = (d: Date) => d.toISOString();

/**
 * Pending and accepted connections become unmatched; a held escrow (pending, accepted
 * before engagement, rejected within its grace period) goes back to the bidder.
 */
async function endConnection(
  tx: Tx,
  connectionId: number,
  now: Date,
  refundType: WithdrawalRefund,
): Promise<ConnectionEffects> {
  const released = sql`escrow_state = 'refunded', escrow_released_at = ${iso(now)}::timestamptz`;
  const stamp = sql`status_changed_at = ${iso(now)}::timestamptz`;
  const changed =
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
    ));
  if (!changed) return noEffects();
  const refunded = changed.escrow_state === 'refunded';
  const ledger = refunded ? [await refundEscrow(tx, changed, refundType)] : [];
  return {
    alerts: [],
    events: eventForBoth(
      changed.status === 'unmatched' ? 'connectionUnmatched' : 'connectionRejected',
      changed,
      { ledger },
    ),
  };
}
