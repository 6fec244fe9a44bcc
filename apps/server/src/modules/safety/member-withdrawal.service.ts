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
import type { Tx } from '../../db/client';
import { auctionEscrowParts } from '../auctions/auction-escrow';
import { lastBidIdOf, voidAuctionLead } from '../auctions/auction-lead.repository';
import type { RemovedAuction } from '../auctions/remove-auction.service';
import {
  type ConnectionEffects,
  eventForBoth,
  mergeEffects,
  noEffects,
} from '../connections/connection-effects';
import { refundEscrow } from '../connections/connection-escrow';
import { applyBalanceChange, type LedgerEntry } from '../tokens/ledger';
import {
  endConnectionForWithdrawal,
  type LockedAuction,
  lockLiveAuctionsOf,
  lockMembers,
  lockOpenConnectionsOf,
  markLiveAuctionDeleted,
} from './withdrawal.repository';

export type WithdrawalRefund = 'refund' | 'refund_deleted_user';

export interface LockedEntanglements {
  userId: number;
  auctions: LockedAuction[];
  connectionIds: number[];
}

export interface VoidedLead {
  auctionId: number;
  refund: LedgerEntry;
}

export interface Withdrawal {
  removedAuctions: RemovedAuction[];
  /** The member's leads on other auctions, voided and refunded to them. */
  voidedLeads: VoidedLead[];
  connections: ConnectionEffects;
}

/** Locks everything a withdrawal will change; call before the member's own row changes. */
export async function lockEntanglements(tx: Tx, userId: number): Promise<LockedEntanglements> {
  const auctions = await lockLiveAuctionsOf(tx, userId);
  const connections = await lockOpenConnectionsOf(tx, userId);
  const members = new Set<number>([userId]);
  for (const a of auctions) if (a.lead_bidder_id !== null) members.add(a.lead_bidder_id);
  for (const c of connections) {
    members.add(c.user_id);
    members.add(c.partner_id);
  }
  await lockMembers(tx, [...members]);
  return {
    userId,
    auctions,
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
  await markLiveAuctionDeleted(tx, auction.id);
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
 * A block voids a lead either of the two holds on the other's auction this way too.
 */
export async function voidLead(
  tx: Tx,
  auction: LockedAuction,
  refundType: WithdrawalRefund,
): Promise<VoidedLead> {
  const lastBidId = await lastBidIdOf(tx, auction.id);
  await voidAuctionLead(tx, auction.id, lastBidId);
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

/**
 * Pending and accepted connections become unmatched; a held escrow (pending, accepted
 * before engagement, rejected within its grace period) goes back to the bidder. A block
 * ends the connections between its two members this way too.
 */
export async function endConnection(
  tx: Tx,
  connectionId: number,
  now: Date,
  refundType: WithdrawalRefund,
): Promise<ConnectionEffects> {
  const changed = await endConnectionForWithdrawal(tx, connectionId, now);
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
