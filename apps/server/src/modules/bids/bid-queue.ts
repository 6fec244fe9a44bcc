// Bids on one auction leave this server for the database in the order they arrived. A bid
// for an auction with no bid statement running goes at once, alone (while few such run,
// below); the bids that arrive while one runs wait here and then go together as the next
// statement (place_bids_across), in arrival order, in one transaction. With a statement each, the
// pool's connections reach the auction's row lock in any order: in a hot auction a bid
// refused as too low was often sent before the bid that beat it, and every bid paid a
// commit while holding the lock. Across servers the row lock still decides the order, as
// before. A queued bid that cannot win is refused with its batch, after the statement ahead
// of it, not from a plain read while another holds the lock (a lone bid still is).
// Bids spread over many auctions batch the same way across auctions: a bid for an auction
// with nothing queued goes at once while fewer than SPREAD_STATEMENTS such statements run,
// and otherwise waits with the others for the next one (place_bids_across), which locks
// its auctions and then its members in the escrow order like every other escrow change.
import { AsyncResource } from 'node:async_hooks';
import type { Db } from '../../db/client';
import { recordedContext, runInContext } from '../../lib/tracing';
import {
  type BatchAnswer,
  type PlaceBidParams,
  type PlacedRow,
  placeBidRow,
  placeBidRowOnce,
  placeBidRows,
} from './place-bid.repository';

/**
 * At most this many bids in one transaction. Each is a subtransaction (place-bids.sql), and
 * PostgreSQL keeps 64 of them per transaction in shared memory; past that, every other
 * session's snapshot looks them up on disk until the transaction ends.
 */
const BATCH = 32;

interface Waiting {
  params: PlaceBidParams;
  requestKey: string | null;
  /** The bid's async context: the statement it leads runs in it (its request's log ids). */
  scope: AsyncResource;
  /** The bid's context when its trace is sampled: the batch's statement is traced there. */
  recorded: object | null;
  resolve: (placed: PlacedRow) => void;
  reject: (error: unknown) => void;
}

/**
 * Statements of bids on auctions with nothing queued ("spread" bids) that may run at once;
 * a spread bid that arrives while this many run waits, and the spread bids that waited go
 * together as the next one (place_bids_across), up to BATCH. With a statement each, bids
 * over 1,000 auctions from 200 members cost PostgreSQL 1.6-2.0 ms of CPU a bid (a commit
 * each, and each waiting for the member rows the others hold through their commits);
 * batched, 1.1-1.3 ms. One or two at once measured alike; more wait on each other's members.
 */
const SPREAD_STATEMENTS = 2;

interface Queues {
  /** The auctions with a statement running (or a spread bid waiting) and the bids behind it. */
  auctions: Map<number, Waiting[]>;
  spread: { running: number; waiting: Waiting[] };
}

/** Per database, its queues. */
const queues = new WeakMap<Db, Queues>();

/** The error a bid undone in a batch answers with: the SQLSTATE the lone bid would raise. */
class BatchedBidFailure extends Error {
  constructor(readonly code: string) {
    super(`bid undone in its batch (${code})`);
  }
}

export function placeBidInOrder(
  db: Db,
  params: PlaceBidParams,
  requestKey: string | null,
): Promise<PlacedRow> {
  let q = queues.get(db);
  if (!q) {
    q = { auctions: new Map(), spread: { running: 0, waiting: [] } };
    queues.set(db, q);
  }
  const auctionId = params[0];
  return new Promise<PlacedRow>((resolve, reject) => {
    const bid = {
      params,
      requestKey,
      scope: new AsyncResource('placeBid'),
      recorded: recordedContext(),
      resolve,
      reject,
    };
    const waiting = q.auctions.get(auctionId);
    if (waiting) {
      waiting.push(bid);
      return;
    }
    q.auctions.set(auctionId, []);
    if (q.spread.running < SPREAD_STATEMENTS) void runSpread(db, q, [bid]);
    else q.spread.waiting.push(bid);
  });
}

/** Places `batch` and answers each bid. */
async function answer(batch: Waiting[], place: () => Promise<BatchAnswer[]>) {
  try {
    const traced = batch.find((bid) => bid.recorded)?.recorded;
    const answers = await batch[0]!.scope.runInAsyncScope(() =>
      traced ? runInContext(traced, place) : place(),
    );
    batch.forEach((bid, i) => {
      const answer = answers[i]!;
      if ('failure' in answer) bid.reject(new BatchedBidFailure(answer.failure));
      else bid.resolve(answer);
    });
  } catch (error) {
    for (const bid of batch) bid.reject(error);
  }
  for (const bid of batch) bid.scope.emitDestroy();
}

/** After an auction's statement: the bids that queued behind it go next, or it is idle. */
function next(db: Db, q: Queues, auctionId: number) {
  const waiting = q.auctions.get(auctionId)!;
  if (waiting.length === 0) {
    q.auctions.delete(auctionId);
    return;
  }
  void run(db, q, auctionId, waiting.splice(0, BATCH));
}

/** Bids on one auction, in arrival order. */
async function run(db: Db, q: Queues, auctionId: number, batch: Waiting[]) {
  await answer(batch, () => place(db, batch));
  next(db, q, auctionId);
}

/** Bids on different auctions, each the first of its auction, in arrival order. */
async function runSpread(db: Db, q: Queues, batch: Waiting[]) {
  q.spread.running += 1;
  await answer(batch, () => place(db, batch));
  q.spread.running -= 1;
  for (const bid of batch) next(db, q, bid.params[0]);
  if (q.spread.waiting.length > 0) void runSpread(db, q, q.spread.waiting.splice(0, BATCH));
}

async function place(db: Db, batch: Waiting[]): Promise<BatchAnswer[]> {
  if (batch.length > 1) return placeBidRows(db, batch);
  const { params, requestKey } = batch[0]!;
  return [
    requestKey === null
      ? { row: await placeBidRow(db, params), replayed: false }
      : await placeBidRowOnce(db, requestKey, params),
  ];
}
