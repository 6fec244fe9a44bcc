// placeBid: the one operation behind POST /auctions/:id/bids and the socket 'placeBid'.
// Escrow rules (product rules, Bidding): the full amount is debited into escrow and the
// previous leader refunded in the same transaction; a leader raising pays the
// difference. Locks are taken in one fixed order — the auction row first, then member
// rows by ascending id — so concurrent bids queue instead of deadlocking.
import { AUCTION_MESSAGES, BID_STEP, MAX_BID, ONBOARDING_COMPLETE } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';
import type { Clock } from '../../lib/context';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { type AlertRow, insertAlert } from '../alerts/alerts.repository';
import { isPeriodOver } from '../auctions/period-time';
import { applyBalanceChange, type LedgerEntry } from '../tokens/ledger';

export interface PlaceBidInput {
  auctionId: number;
  bidderId: number;
  amount: number;
}

export interface PlacedBid {
  bid: { id: number; auction_id: number; user_id: number; amount: number; created_at: Date };
  auction: { id: number; user_id: number; current_bid: number; lead_bidder_id: number };
  bidderUsername: string | null;
  ownerUsername: string | null;
  tokenBalance: number;
  outbid: { userId: number; tokenBalance: number; alert: AlertRow } | null;
}

/** After-commit side effects (realtime); absent for the CLI and some tests. */
export interface BidEvents {
  bidPlaced(result: PlacedBid): void;
}

export interface BidContext {
  db: Db;
  clock: Clock;
  events?: BidEvents;
}

const rejected = (message: string) => badRequest('BID_REJECTED', message);

interface LockedAuction {
  id: number;
  user_id: number;
  current_bid: number;
  lead_bidder_id: number | null;
  status: string;
  end_time: Date;
  owner_username: string | null;
}

export async function placeBid(ctx: BidContext, input: PlaceBidInput): Promise<PlacedBid> {
  const { auctionId, bidderId, amount } = input;
  if (!Number.isInteger(amount)) throw rejected(AUCTION_MESSAGES.bidNotWhole);
  if (amount > MAX_BID) throw rejected(AUCTION_MESSAGES.bidTooHigh);
  if (amount < BID_STEP) throw rejected(AUCTION_MESSAGES.bidTooLow(BID_STEP));

  const result = await ctx.db.transaction(async (tx) => {
    const [auction] = await rows<LockedAuction>(
      tx,
      sql`SELECT a.id, a.user_id, a.current_bid, a.lead_bidder_id, a.status, p.end_time,
                 o.username AS owner_username
            FROM auctions a
            JOIN auction_periods p ON p.id = a.period_id
            JOIN users o ON o.id = a.user_id
           WHERE a.id = ${auctionId}
             FOR UPDATE OF a`,
    );
    if (!auction || auction.status === 'deleted') {
      throw notFound(AUCTION_MESSAGES.auctionNotFound);
    }
    if (auction.status !== 'active' || isPeriodOver(new Date(auction.end_time), ctx.clock())) {
      throw new AppError('AUCTION_CLOSED', 400, AUCTION_MESSAGES.biddingClosed);
    }
    if (auction.user_id === bidderId) throw rejected(AUCTION_MESSAGES.ownAuction);

    const [bidder] = await rows<{
      username: string | null;
      is_approved: boolean;
      onboarded: number;
    }>(tx, sql`SELECT username, is_approved, onboarded FROM users WHERE id = ${bidderId}`);
    if (!bidder) throw forbidden();
    if (bidder.onboarded !== ONBOARDING_COMPLETE) throw rejected(AUCTION_MESSAGES.notOnboarded);
    if (!bidder.is_approved) throw rejected(AUCTION_MESSAGES.notApproved);

    const minimum = auction.current_bid + BID_STEP;
    if (amount < minimum) throw rejected(AUCTION_MESSAGES.bidTooLow(minimum));
    if (amount > MAX_BID) throw rejected(AUCTION_MESSAGES.bidTooHigh);

    const reference = `auction:${auction.id}`;
    const raising = auction.lead_bidder_id === bidderId;
    const previousLeader = raising ? null : auction.lead_bidder_id;
    const debit = () =>
      applyBalanceChange(tx, {
        userId: bidderId,
        amount: -(raising ? amount - auction.current_bid : amount),
        type: raising ? 'rebid' : 'bid',
        bidTargetId: auction.user_id,
        referenceId: reference,
      });
    const refund = (userId: number) =>
      applyBalanceChange(tx, {
        userId,
        amount: auction.current_bid,
        type: 'outbid',
        bidTargetId: auction.user_id,
        referenceId: reference,
      });

    let paid: LedgerEntry | null;
    let refunded: LedgerEntry | null = null;
    if (previousLeader !== null && previousLeader < bidderId) {
      refunded = await refund(previousLeader);
      paid = await debit();
    } else {
      paid = await debit();
      if (previousLeader !== null) refunded = await refund(previousLeader);
    }

    const [bid] = await rows<PlacedBid['bid']>(
      tx,
      sql`INSERT INTO bids (auction_id, user_id, amount)
          VALUES (${auction.id}, ${bidderId}, ${amount})
          RETURNING id, auction_id, user_id, amount, created_at`,
    );
    await tx.execute(
      sql`UPDATE auctions SET current_bid = ${amount}, lead_bidder_id = ${bidderId}, updated_at = now()
           WHERE id = ${auction.id}`,
    );

    let outbid: PlacedBid['outbid'] = null;
    if (previousLeader !== null && refunded) {
      const alert = await insertAlert(tx, {
        userId: previousLeader,
        kind: 'outbid',
        message: `${bidder.username ?? 'Someone'} outbid you on ${auction.owner_username ?? 'an auction'} with ${amount} tokens.`,
        payload: {
          auctionId: auction.id,
          newBidderUsername: bidder.username,
          newBidAmount: amount,
          auctionCreatorUsername: auction.owner_username,
          auctionCreatorUserId: auction.user_id,
          userId: auction.user_id,
        },
      });
      outbid = { userId: previousLeader, tokenBalance: refunded.balance_after, alert };
    }
    return {
      bid: { ...bid!, id: Number(bid!.id), created_at: new Date(bid!.created_at) },
      auction: {
        id: auction.id,
        user_id: auction.user_id,
        current_bid: amount,
        lead_bidder_id: bidderId,
      },
      bidderUsername: bidder.username,
      ownerUsername: auction.owner_username,
      tokenBalance: paid!.balance_after,
      outbid,
    };
  });
  ctx.events?.bidPlaced(result);
  return result;
}
