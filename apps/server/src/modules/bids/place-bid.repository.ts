// The bid's SQL: one call of the SQL function place_bid (place-bid.sql), or of
// place_bid_once (place-bid-once.sql) behind the member's request key; bids that queued
// behind their auction's last statement, or on different auctions behind the spread
// statements, go together through place_bids_across (place-bids.sql).
// Each is one statement, so one round trip, and the auction's row lock is held only inside
// it.
import { type Db, runStatement, type Statement } from '../../db/client';

export interface PlaceBidRow {
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
  lead_bidder_id: number | null;
  lead_bidder_username: string | null;
  lead_max: number | null;
  bidder_amount: number | null;
  prior_raise: number | null;
  prior_bidder_id: number | null;
  prior_bidder_username: string | null;
  counter_raise: number | null;
}

/** A bid's row, and whether it is the stored answer of an earlier request with its key. */
export interface PlacedRow {
  row: PlaceBidRow;
  replayed: boolean;
}

/** place_bid's arguments, in its order. */
export type PlaceBidParams = [
  auctionId: number,
  bidderId: number,
  amount: number,
  now: string,
  bidStep: number,
  onboardingComplete: number,
  maximum: boolean,
];

/**
 * The whole bid is the SQL function place_bid (migration 0008). A bid that cannot win is
 * refused from a plain read before the lock is taken.
 */
const PLACE_BID: Statement = {
  name: 'place_bid',
  text: 'SELECT * FROM place_bid($1, $2, $3, $4, $5, $6, $7)',
};

/**
 * place_bid behind the member's request key (place-bid-once.sql); its row comes as JSON. It
 * takes the auction's and the members' locks before claiming the key, so a keyed bid that
 * cannot win waits for the lock.
 */
const PLACE_BID_ONCE: Statement = {
  name: 'place_bid_once',
  text: 'SELECT * FROM place_bid_once($1, $2, $3, $4, $5, $6, $7, $8)',
};

export async function placeBidRow(db: Db, params: PlaceBidParams): Promise<PlaceBidRow> {
  const [row] = await runStatement<PlaceBidRow>(db, PLACE_BID, params);
  return row!;
}

/** The first answer to `requestKey` (`replayed`), or the answer of this, its first bid. */
export async function placeBidRowOnce(
  db: Db,
  requestKey: string,
  params: PlaceBidParams,
): Promise<PlacedRow> {
  const [once] = await runStatement<{ replayed: boolean; answer: PlaceBidRow | string }>(
    db,
    PLACE_BID_ONCE,
    [requestKey, ...params],
  );
  const answer = once!.answer;
  return {
    row: typeof answer === 'string' ? (JSON.parse(answer) as PlaceBidRow) : answer,
    replayed: once!.replayed,
  };
}

const PLACE_BIDS_ACROSS: Statement = {
  name: 'place_bids_across',
  text: 'SELECT * FROM place_bids_across($1, $2, $3)',
};

/** One bid's answer in a batch: its row, or the SQLSTATE that undid it (23514). */
export type BatchAnswer = PlacedRow | { failure: string };

interface BatchedBid {
  params: PlaceBidParams;
  requestKey: string | null;
}

type BatchRow = { replayed: boolean; answer: PlaceBidRow | string | null; failure: string | null };

const batchAnswers = (answers: BatchRow[]): BatchAnswer[] =>
  answers.map(({ replayed, answer, failure }) =>
    failure !== null
      ? { failure }
      : {
          row: typeof answer === 'string' ? (JSON.parse(answer) as PlaceBidRow) : answer!,
          replayed,
        },
  );

/**
 * Bids on one auction or several, placed in the given order in one transaction; their step
 * and onboarding rule are the first's (the same constants for every bid).
 */
export async function placeBidRows(db: Db, bids: BatchedBid[]): Promise<BatchAnswer[]> {
  const [, , , , step, onboardingComplete] = bids[0]!.params;
  const batch = bids.map(({ params: [auction, bidder, amount, now, , , maximum], requestKey }) => ({
    auction,
    bidder,
    amount,
    maximum,
    requestKey,
    now,
  }));
  return batchAnswers(
    await runStatement<BatchRow>(db, PLACE_BIDS_ACROSS, [
      JSON.stringify(batch),
      step,
      onboardingComplete,
    ]),
  );
}
