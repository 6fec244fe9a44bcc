// placeBid: the one operation behind POST /auctions/:id/bids and the socket 'placeBid'.
// Escrow rules (product rules, Bidding): the full amount is debited into escrow and the
// previous leader refunded in the same transaction; a leader raising pays the
// difference; the outbid member's alert is written in that transaction too (the owner's,
// when they asked for it, right after: owner-bid-alert.repository.ts). Locks are
// taken in one fixed order — the auction row first, then member rows by ascending id —
// so concurrent bids queue instead of deadlocking. The rules and the bookkeeping run in
// the database (place_bid, bid_refusal and the ledger's ledger_apply); the messages
// live here and in packages/shared. Bids on one auction reach the database in the order
// they reached this server (bid-queue.ts).
import {
  AUCTION_MESSAGES,
  BID_STEP,
  MAX_BID,
  MESSAGES,
  ONBOARDING_COMPLETE,
  OWNER_BID_ALERT_MESSAGES,
  SAFETY_MESSAGES,
} from '@bidboard/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/context';
import { AppError, badRequest, forbidden, notFound, pgErrorCode } from '../../lib/errors';
import { alertMetrics, bidMetrics } from '../../lib/metrics';
import { publishAfterCommit, type Realtime } from '../../lib/realtime';
import { frenchSomeone, sayText } from '../../lib/texts';
import { alertEvents } from '../alerts/alerts.events';
import type { AlertRow } from '../alerts/alerts.repository';
import { blockedWithEach } from '../blocks/blocks.repository';
import { placeBidInOrder } from './bid-queue';
import { bidPlacedEvents } from './bids.events';
import {
  insertOwnerBidAlert,
  type OwnerBidAlert,
  ownerHeardWithinHour,
} from './owner-bid-alert.repository';
import type { PlaceBidParams, PlaceBidRow } from './place-bid.repository';

export interface PlaceBidInput {
  auctionId: number;
  bidderId: number;
  /** The bid, or with `maximum` the member's hidden maximum (product rules). */
  amount: number;
  maximum?: boolean;
  /**
   * The member's key for this bid (a socket bid): the same key again, on any server, is
   * answered with the first answer instead of bidding twice.
   */
  requestKey?: string;
}

/** One visible bid the auction room hears about, in order: automatic raises included. */
export interface VisibleBid {
  amount: number;
  bidderId: number;
  bidderUsername: string | null;
  automatic: boolean;
}

export interface PlacedBid {
  bid: { id: number; auction_id: number; user_id: number; amount: number; created_at: Date };
  auction: {
    id: number;
    user_id: number;
    current_bid: number;
    lead_bidder_id: number;
    lead_bidder_username: string | null;
  };
  /** The room's bid updates, in order: a displaced maximum's last raise, this bid, the answer. */
  visible: VisibleBid[];
  /** The bidder's own maximum while they lead (shown only to them); else null. */
  ownMaximum: number | null;
  bidderUsername: string | null;
  ownerUsername: string | null;
  /** Whether the hidden reserve is met now; null when the owner set none. */
  reserveMet: boolean | null;
  tokenBalance: number;
  /** The outbid member's refund, and their alert (null: about a member under a fraud hold). */
  outbid: { userId: number; tokenBalance: number; alert: AlertRow | null } | null;
  requestKey: string | null;
  /** This bid was placed by an earlier request with the same key: no events again. */
  replayed: boolean;
  /**
   * For each visible bidder, the members with a block with them, who read no name of theirs
   * (product rules, Blocks cover everything).
   */
  blockedWith: ReadonlyMap<number, readonly number[]>;
}

export interface BidContext {
  db: Db;
  clock: Clock;
  /** Where the committed bid is told (absent for the CLI and some tests). */
  realtime?: Realtime;
}

const rejected = (message: string) => badRequest('BID_REJECTED', message);
/** With its key and minimum, so the member reads it in their language. */
const bidTooLow = (minimum: number) =>
  new AppError('BID_REJECTED', 400, AUCTION_MESSAGES.bidTooLow(minimum), {
    key: 'AUCTION_MESSAGES.bidTooLow',
    params: { minimum },
  });
const invalidAmount = (message: string) => {
  bidMetrics.refused('invalid_amount');
  return rejected(message);
};

/**
 * What the member hears for each reason bid_refusal (SQL) gives. A new rule is a new
 * reason there and its message here.
 */
const REFUSALS: Record<string, (currentBid: number, ownMaximum: number | null) => AppError> = {
  auction_not_found: () => notFound(AUCTION_MESSAGES.auctionNotFound),
  bidding_closed: () => new AppError('AUCTION_CLOSED', 400, AUCTION_MESSAGES.biddingClosed),
  own_auction: () => rejected(AUCTION_MESSAGES.ownAuction),
  unknown_bidder: () => forbidden(),
  member_unavailable: () => notFound(SAFETY_MESSAGES.memberUnavailable),
  blocked: () => rejected(SAFETY_MESSAGES.bidBlocked),
  not_onboarded: () => rejected(AUCTION_MESSAGES.notOnboarded),
  not_approved: () => rejected(AUCTION_MESSAGES.notApproved),
  bid_too_low: (currentBid) => bidTooLow(currentBid + BID_STEP),
  maximum_not_raised: (_currentBid, ownMaximum) => {
    const maximum = ownMaximum ?? 0;
    return new AppError('BID_REJECTED', 400, AUCTION_MESSAGES.maximumNotRaised(maximum), {
      key: 'AUCTION_MESSAGES.maximumNotRaised',
      params: { maximum },
    });
  },
};

function runPlaceBid(ctx: BidContext, input: PlaceBidInput) {
  const params: PlaceBidParams = [
    input.auctionId,
    input.bidderId,
    input.amount,
    ctx.clock().toISOString(),
    BID_STEP,
    ONBOARDING_COMPLETE,
    input.maximum === true,
  ];
  return placeBidInOrder(ctx.db, params, input.requestKey ?? null);
}

export async function placeBid(ctx: BidContext, input: PlaceBidInput): Promise<PlacedBid> {
  // place_bid is one statement: it has committed when it answers.
  const placed = await publishAfterCommit(ctx.realtime, async (events) => {
    const once = await placeBidOnce(ctx, input);
    const bidders = once.visible.map((visible) => visible.bidderId);
    const placed = { ...once, blockedWith: await blockedWithEach(ctx.db, bidders) };
    // A replayed bid was told when it was placed: no events again.
    if (!placed.replayed) events.add(...bidPlacedEvents(placed));
    return placed;
  });
  // After the room and the bidder heard it: the owner's alert never delays the bid.
  if (!placed.replayed) await tellOwner(ctx, placed);
  return placed;
}

async function tellOwner(ctx: BidContext, placed: PlacedBid): Promise<void> {
  // Most bids fall in an hour this server already saw claimed: nothing to build or send.
  if (ownerHeardWithinHour(ctx.db, placed.auction.id, ctx.clock())) return;
  await publishAfterCommit(ctx.realtime, async (events) => {
    // A committed bid is answered as placed, whatever becomes of the owner's alert.
    const alert = await insertOwnerBidAlert(ctx.db, ownerBidAlert(placed, ctx.clock())).catch(
      () => null,
    );
    if (!alert) return;
    alertMetrics.written('bid_received');
    events.add(...alertEvents([alert]));
  });
}

/** The owner's alert, in both languages: the bidder and where the auction stands. */
function ownerBidAlert(placed: PlacedBid, now: Date): OwnerBidAlert {
  const bidder = placed.bidderUsername;
  const amount = placed.auction.current_bid;
  const english = OWNER_BID_ALERT_MESSAGES.bid(bidder, amount);
  return {
    auctionId: placed.auction.id,
    now,
    payload: {
      auctionId: placed.auction.id,
      userId: placed.bid.user_id,
      newBidderUsername: bidder,
      newBidAmount: amount,
      auctionCreatorUsername: placed.ownerUsername,
    },
    english,
    french: sayText(
      'fr-CA',
      { key: 'OWNER_BID_ALERT_MESSAGES.bid', params: { bidder: frenchSomeone(bidder), amount } },
      english,
    ),
  };
}

async function placeBidOnce(
  ctx: BidContext,
  input: PlaceBidInput,
): Promise<Omit<PlacedBid, 'blockedWith'>> {
  const { auctionId, bidderId, amount } = input;
  if (!Number.isInteger(amount)) throw invalidAmount(AUCTION_MESSAGES.bidNotWhole);
  if (amount > MAX_BID) throw invalidAmount(AUCTION_MESSAGES.bidTooHigh);
  if (amount < BID_STEP) {
    bidMetrics.refused('invalid_amount');
    throw bidTooLow(BID_STEP);
  }

  let row: PlaceBidRow;
  let replayed: boolean;
  try {
    ({ row, replayed } = await runPlaceBid(ctx, input));
  } catch (error) {
    if (pgErrorCode(error) === '23514') {
      bidMetrics.refused('insufficient_tokens');
      throw new AppError('INSUFFICIENT_TOKENS', 400, MESSAGES.insufficientTokens);
    }
    throw error;
  }
  if (row.refusal !== null) {
    if (!replayed) bidMetrics.refused(row.refusal);
    const refuse = REFUSALS[row.refusal];
    if (!refuse) throw new Error(`unknown bid refusal ${row.refusal}`);
    throw refuse(row.current_bid, row.lead_max);
  }

  const leadId = row.lead_bidder_id!;
  const bidderAmount = row.bidder_amount!;
  const visible: VisibleBid[] = [];
  if (row.prior_raise !== null) {
    visible.push({
      amount: row.prior_raise,
      bidderId: row.prior_bidder_id!,
      bidderUsername: row.prior_bidder_username,
      automatic: true,
    });
  }
  visible.push({
    amount: bidderAmount,
    bidderId,
    bidderUsername: row.bidder_username,
    automatic: false,
  });
  if (row.counter_raise !== null) {
    visible.push({
      amount: row.counter_raise,
      bidderId: leadId,
      bidderUsername: row.lead_bidder_username,
      automatic: true,
    });
  }
  const result: Omit<PlacedBid, 'blockedWith'> = {
    bid: {
      id: Number(row.bid_id),
      auction_id: auctionId,
      user_id: bidderId,
      amount: bidderAmount,
      created_at: new Date(row.bid_created_at),
    },
    auction: {
      id: auctionId,
      user_id: row.owner_id,
      current_bid: row.current_bid,
      lead_bidder_id: leadId,
      lead_bidder_username: row.lead_bidder_username,
    },
    visible,
    ownMaximum: leadId === bidderId ? row.lead_max : null,
    bidderUsername: row.bidder_username,
    ownerUsername: row.owner_username,
    reserveMet: row.reserve_met,
    tokenBalance: row.token_balance,
    outbid:
      row.outbid_user_id === null
        ? null
        : {
            userId: row.outbid_user_id,
            tokenBalance: row.outbid_token_balance!,
            alert:
              row.alert_id === null
                ? null
                : {
                    id: row.alert_id,
                    user_id: row.outbid_user_id,
                    kind: 'outbid',
                    payload:
                      typeof row.alert_payload === 'string'
                        ? JSON.parse(row.alert_payload)
                        : row.alert_payload!,
                    message: row.alert_message!,
                    is_read: false,
                    created_at: row.alert_created_at!,
                  },
          },
    requestKey: input.requestKey ?? null,
    replayed,
  };
  if (replayed) return result;
  bidMetrics.placed();
  if (result.outbid?.alert) alertMetrics.written('outbid');
  return result;
}

/** Bid histories (an auction's, a member's) as stored. */
export { auctionBids, memberBids } from './bids.repository';
