// Bids on one auction leave this server for the database in the order they arrived. A bid
// for an auction with no bid statement running goes at once, alone; the bids that arrive
// while one runs wait here and then go together as the next statement (place_bids), in
// arrival order, in one transaction. With a statement each, the pool's connections reach
// the auction's row lock in any order: in a hot auction a bid refused as too low was often
// sent before the bid that beat it, and every bid paid a commit while holding the lock.
// Across servers the row lock still decides the order, as before. A queued bid that cannot
// win is refused with its batch, after the statement ahead of it, not from a plain read
// while another holds the lock (a lone bid still is).
import { AsyncResource } from 'node:async_hooks';
import type { Db } from '../../db/client';
import { recordedContext, runInContext } from '../../lib/tracing';
import {
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

/** Per database, the auctions with a statement running and the bids waiting behind it. */
const queues = new WeakMap<Db, Map<number, Waiting[]>>();

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
  let auctions = queues.get(db);
  if (!auctions) {
    auctions = new Map();
    queues.set(db, auctions);
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
    const waiting = auctions.get(auctionId);
    if (waiting) {
      waiting.push(bid);
      return;
    }
    auctions.set(auctionId, []);
    void run(db, auctions, auctionId, [bid]);
  });
}

async function run(db: Db, auctions: Map<number, Waiting[]>, auctionId: number, batch: Waiting[]) {
  try {
    const traced = batch.find((bid) => bid.recorded)?.recorded;
    const answers = await batch[0]!.scope.runInAsyncScope(() =>
      traced ? runInContext(traced, () => place(db, batch)) : place(db, batch),
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
  const waiting = auctions.get(auctionId)!;
  if (waiting.length === 0) {
    auctions.delete(auctionId);
    return;
  }
  void run(db, auctions, auctionId, waiting.splice(0, BATCH));
}

async function place(db: Db, batch: Waiting[]) {
  if (batch.length > 1) return placeBidRows(db, batch);
  const { params, requestKey } = batch[0]!;
  return [
    requestKey === null
      ? { row: await placeBidRow(db, params), replayed: false }
      : await placeBidRowOnce(db, requestKey, params),
  ];
}
