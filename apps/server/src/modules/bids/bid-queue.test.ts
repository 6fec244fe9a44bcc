// Bids on one auction reach the database in the order they reached the server: those that
// arrive while a bid statement runs go together as the next one (bid-queue.ts,
// place-bids.sql), each still answered as if placed alone; bids spread over many auctions go
// several auctions to a statement (place_bids_across) under the same rules.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { buildBidder, ledgerProblems, originProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { ensureOpenPeriod } from '../auctions/periods.service';
import { placeBid } from './bids.service';

let database: TestDatabase;
const t = testClock('2025-11-03T15:00:00Z');
const ctx = () => ({ db: database.db, clock: t.clock });

/** Auctions of the open period, one per owner, handed out one per use. */
let auctions: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 40 });
  // Their auctions: three for the tests of one auction, 30 for the spread ones.
  await Promise.all(Array.from({ length: 36 }, () => buildBidder(database.db, 0)));
  await ensureOpenPeriod(database.db, t.clock());
  auctions = (
    await rows<{ id: number }>(database.db, sql`SELECT id FROM auctions ORDER BY id`)
  ).map((a) => a.id);
});
afterAll(() => database?.close());

const openAuction = () => auctions.shift()!;

const outcome = (bid: Promise<unknown>) =>
  bid.then(
    () => 'ok',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe('bids on one auction, in arrival order', () => {
  it('accepts 80 rising bids sent at once, each in the order it was sent', async () => {
    const auctionId = openAuction();
    const bidders = await Promise.all(
      Array.from({ length: 80 }, () => buildBidder(database.db, 2_000)),
    );
    // With a pooled connection per bid, 40 at a time reach the row lock in any order and
    // most of these would be refused as lower than one that overtook them.
    const placed = await Promise.all(
      bidders.map((b, i) => placeBid(ctx(), { auctionId, bidderId: b.id, amount: 10 * (i + 1) })),
    );
    expect(placed.map((p) => p.bid.amount)).toEqual(bidders.map((_, i) => 10 * (i + 1)));
    // Each answer is the one the bid would get alone: who it displaced and the balances.
    placed.forEach((p, i) => {
      expect(p.tokenBalance).toBe(2_000 - 10 * (i + 1));
      expect(p.outbid?.userId ?? null).toBe(i === 0 ? null : bidders[i - 1]!.id);
      expect(p.outbid?.tokenBalance ?? null).toBe(i === 0 ? null : 2_000);
    });
    const stored = await rows<{ user_id: number; amount: number }>(
      database.db,
      sql`SELECT user_id, amount FROM bids WHERE auction_id = ${auctionId} ORDER BY id`,
    );
    expect(stored).toEqual(bidders.map((b, i) => ({ user_id: b.id, amount: 10 * (i + 1) })));
    expect(await ledgerProblems(database.db)).toEqual([]);
    expect(await originProblems(database.db)).toEqual([]);
  });

  it('undoes only an overdrawn bid in a batch, and answers a repeated key once', async () => {
    const auctionId = openAuction();
    const [first, rich, poor, keyed, maximum] = await Promise.all([
      buildBidder(database.db, 500),
      buildBidder(database.db, 500),
      buildBidder(database.db, 50),
      buildBidder(database.db, 500),
      buildBidder(database.db, 500),
    ]);
    const key = randomUUID();
    const bid = (bidderId: number, amount: number, extra: object = {}) =>
      placeBid(ctx(), { auctionId, bidderId, amount, ...extra });
    // The first goes alone; the rest queue behind it and go as one batch.
    const sent = [
      bid(first!.id, 100),
      bid(rich!.id, 110),
      bid(poor!.id, 200),
      bid(keyed!.id, 120, { requestKey: key }),
      bid(keyed!.id, 120, { requestKey: key }),
      bid(maximum!.id, 300, { maximum: true }),
      bid(rich!.id, 125),
    ];
    expect(await Promise.all(sent.map(outcome))).toEqual([
      'ok',
      'ok',
      'INSUFFICIENT_TOKENS',
      'ok',
      'ok',
      'ok',
      'BID_REJECTED',
    ]);
    const [, , , once, again, max] = (await Promise.all(
      sent.slice(0, 6).map((p) => p.catch(() => null)),
    ))!;
    expect(again!.replayed).toBe(true);
    expect(again!.bid.id).toBe(once!.bid.id);
    expect(once!.replayed).toBe(false);
    // The maximum answered the keyed bid's 120 with 130 and holds 300 in escrow.
    expect(max!.auction).toMatchObject({ current_bid: 130, lead_bidder_id: maximum!.id });
    expect(max!.tokenBalance).toBe(200);
    const stored = await rows<{ user_id: number; amount: number }>(
      database.db,
      sql`SELECT user_id, amount FROM bids WHERE auction_id = ${auctionId} ORDER BY id`,
    );
    expect(stored).toEqual([
      { user_id: first!.id, amount: 100 },
      { user_id: rich!.id, amount: 110 },
      { user_id: keyed!.id, amount: 120 },
      { user_id: maximum!.id, amount: 130 },
    ]);
    expect(await ledgerProblems(database.db)).toEqual([]);
    expect(await originProblems(database.db)).toEqual([]);
  });

  it('never deadlocks batches whose bidders cross on two auctions', async () => {
    const [x, y] = [openAuction(), openAuction()];
    const [low, high, openerX, openerY] = (
      await Promise.all(Array.from({ length: 4 }, () => buildBidder(database.db, 100_000)))
    ).sort((a, b) => a.id - b.id);
    // On x the higher id bids first in its batch, on y the lower: placed one by one, each
    // batch would lock its members in the opposite order of the other.
    for (let round = 0; round < 10; round++) {
      const base = 100 + round * 100;
      const sent = [
        placeBid(ctx(), { auctionId: x, bidderId: openerX!.id, amount: base }),
        placeBid(ctx(), { auctionId: x, bidderId: high!.id, amount: base + 10 }),
        placeBid(ctx(), { auctionId: x, bidderId: low!.id, amount: base + 20 }),
        placeBid(ctx(), { auctionId: y, bidderId: openerY!.id, amount: base }),
        placeBid(ctx(), { auctionId: y, bidderId: low!.id, amount: base + 10 }),
        placeBid(ctx(), { auctionId: y, bidderId: high!.id, amount: base + 20 }),
      ];
      expect(await Promise.all(sent.map(outcome))).toEqual(Array(6).fill('ok'));
    }
    expect(await ledgerProblems(database.db)).toEqual([]);
  }, 60_000);
});

describe('bids spread over many auctions', () => {
  /** Bids placed in one transaction share its start time (bids.created_at is now()). */
  const transactions = async (auctionIds: number[]) =>
    (
      await rows<{ n: number }>(
        database.db,
        sql`SELECT COUNT(DISTINCT created_at)::int AS n FROM bids
             WHERE auction_id IN ${sql.raw(`(${auctionIds.join(',')})`)}`,
      )
    )[0]!.n;

  it('places bids on 24 auctions sent at once in a few statements, each as if alone', async () => {
    const spread = auctions.splice(0, 24);
    const bidders = await Promise.all(spread.map(() => buildBidder(database.db, 1_000)));
    const leaders = await Promise.all(
      spread.map((auctionId, i) =>
        placeBid(ctx(), { auctionId, bidderId: bidders[i]!.id, amount: 100 }),
      ),
    );
    expect(leaders.every((p) => p.outbid === null)).toBe(true);
    // Each bidder outbids the next auction's leader: every bid refunds a member another bid
    // of the same batch debits.
    const placed = await Promise.all(
      spread.map((auctionId, i) =>
        placeBid(ctx(), { auctionId, bidderId: bidders[(i + 1) % 24]!.id, amount: 150 }),
      ),
    );
    placed.forEach((p, i) => {
      expect(p.auction).toMatchObject({ id: spread[i], current_bid: 150 });
      expect(p.outbid?.userId).toBe(bidders[i]!.id);
    });
    // With a statement each, 48 transactions.
    expect(await transactions(spread)).toBeLessThan(12);
    const balances = await rows<{ token_balance: number }>(
      database.db,
      sql`SELECT token_balance FROM users WHERE id IN ${sql.raw(`(${bidders.map((b) => b.id).join(',')})`)}`,
    );
    expect(balances.map((b) => b.token_balance)).toEqual(Array(24).fill(850));
    expect(await ledgerProblems(database.db)).toEqual([]);
    expect(await originProblems(database.db)).toEqual([]);
  });

  it('undoes only the bid a member cannot pay, and answers a repeated key once', async () => {
    const spread = auctions.splice(0, 6);
    const member = await buildBidder(database.db, 500);
    const key = randomUUID();
    const sent = spread.map((auctionId, i) =>
      placeBid(ctx(), {
        auctionId,
        bidderId: member.id,
        amount: 100,
        ...(i === 2 ? { requestKey: key } : {}),
      }),
    );
    sent.push(
      placeBid(ctx(), { auctionId: spread[2]!, bidderId: member.id, amount: 100, requestKey: key }),
    );
    const outcomes = await Promise.all(sent.map(outcome));
    // Five of the six auctions' bids paid from 500 tokens, the sixth undone alone; the key's
    // second request answered with the first's bid.
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(6);
    expect(outcomes.filter((o) => o === 'INSUFFICIENT_TOKENS')).toHaveLength(1);
    const [once, again] = await Promise.all([sent[2]!, sent[6]!]);
    expect(again.bid.id).toBe(once.bid.id);
    expect([once.replayed, again.replayed].sort()).toEqual([false, true]);
    expect(
      await rows(database.db, sql`SELECT token_balance FROM users WHERE id = ${member.id}`),
    ).toEqual([{ token_balance: 0 }]);
    expect(await ledgerProblems(database.db)).toEqual([]);
    expect(await originProblems(database.db)).toEqual([]);
  });
});
