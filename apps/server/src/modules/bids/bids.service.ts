// placeBid: the one operation behind POST /auctions/:id/bids and the socket 'placeBid'.
// Escrow rules (product rules, Bidding): the full amount is debited into escrow and the
// previous leader refunded in the same transaction; a leader raising pays the
// difference; the outbid member's alert is written in that transaction too. Locks are
// taken in one fixed order — the auction row first, then member rows by ascending id —
// so concurrent bids queue instead of deadlocking. The rules and the bookkeeping run in
// the database (place_bid, bid_refusal and the ledger's ledger_apply); the messages
// live here and in packages/shared.
import {
  AUCTION_MESSAGES,
  BID_STEP,
  MAX_BID,
  MESSAGES,
  ONBOARDING_COMPLETE,
  SAFETY_MESSAGES,
} from '@bidboard/shared';
import { type Db, runStatement, type Statement } from '../../db/client';
import type { Clock } from '../../lib/context';
import { AppError, badRequest, forbidden, notFound, pgErrorCode } from '../../lib/errors';
import { alertMetrics, bidMetrics } from '../../lib/metrics';
import type { AlertRow } from '../alerts/alerts.repository';

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
  /** Whether the hidden reserve is met now; null when the owner set none. */
  reserveMet: boolean | null;
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
const invalidAmount = (message: string) => {
  bidMetrics.refused('invalid_amount');
  return rejected(message);
};

/**
 * What the member hears for each reason bid_refusal (SQL) gives. A new rule is a new
 * reason there and its message here.
 */
const REFUSALS: Record<string, (currentBid: number) => AppError> = {
  auction_not_found: () => notFound(AUCTION_MESSAGES.auctionNotFound),
  bidding_closed: () => new AppError('AUCTION_CLOSED', 400, AUCTION_MESSAGES.biddingClosed),
  own_auction: () => rejected(AUCTION_MESSAGES.ownAuction),
  unknown_bidder: () => forbidden(),
  member_unavailable: () => notFound(SAFETY_MESSAGES.memberUnavailable),
  blocked: () => rejected(SAFETY_MESSAGES.bidBlocked),
  not_onboarded: () => rejected(AUCTION_MESSAGES.notOnboarded),
  not_approved: () => rejected(AUCTION_MESSAGES.notApproved),
  bid_too_low: (currentBid) => rejected(AUCTION_MESSAGES.bidTooLow(currentBid + BID_STEP)),
};

interface PlaceBidRow {
  refusal: string | null;
  current_bid: number;
  bid_id: string | number;
  bid_created_at: Date | string;
  owner_id: number;
  owner_username: string | null;
  bidder_username: string | null;
  token_balance: number;
  outbid_user_id: number | null;
  outbid_token_balance: number | null;
  alert_id: number | null;
  alert_payload: Record<string, unknown> | string | null;
  alert_message: string | null;
  alert_created_at: Date | string | null;
  reserve_met: boolean | null;
}

/**
 * The whole bid is the SQL function place_bid (migration 0008): one statement, so one
 * round trip, and the auction's row lock is held only inside it. A bid that cannot win
 * is refused from a plain read before the lock is taken.
 */
const PLACE_BID: Statement = {
  name: 'place_bid',
  text: 'SELECT * FROM place_bid($1, $2, $3, $4, $5, $6)',
};

export async function placeBid(ctx: BidContext, input: PlaceBidInput): Promise<PlacedBid> {
  const { auctionId, bidderId, amount } = input;
  if (!Number.isInteger(amount)) throw invalidAmount(AUCTION_MESSAGES.bidNotWhole);
  if (amount > MAX_BID) throw invalidAmount(AUCTION_MESSAGES.bidTooHigh);
  if (amount < BID_STEP) throw invalidAmount(AUCTION_MESSAGES.bidTooLow(BID_STEP));

  let row: PlaceBidRow;
  try {
    [row] = (await runStatement<PlaceBidRow>(ctx.db, PLACE_BID, [
      auctionId,
      bidderId,
      amount,
      ctx.clock().toISOString(),
      BID_STEP,
      ONBOARDING_COMPLETE,
    ])) as [PlaceBidRow];
  } catch (error) {
    if (pgErrorCode(error) === '23514') {
      bidMetrics.refused('insufficient_tokens');
      throw new AppError('INSUFFICIENT_TOKENS', 400, MESSAGES.insufficientTokens);
    }
    throw error;
  }
  if (row.refusal !== null) {
    bidMetrics.refused(row.refusal);
    const refuse = REFUSALS[row.refusal];
    if (!refuse) throw new Error(`unknown bid refusal ${row.refusal}`);
    throw refuse(row.current_bid);
  }

  const result: PlacedBid = {
    bid: {
      id: Number(row.bid_id),
      auction_id: auctionId,
      user_id: bidderId,
      amount,
      created_at: new Date(row.bid_created_at),
    },
    auction: {
      id: auctionId,
      user_id: row.owner_id,
      current_bid: amount,
      lead_bidder_id: bidderId,
    },
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
            alert: {
              id: row.alert_id!,
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
  };
  bidMetrics.placed();
  if (result.outbid) alertMetrics.written('outbid');
  ctx.events?.bidPlaced(result);
  return result;
}
