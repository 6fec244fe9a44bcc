// Hundreds of bidders at once on real PostgreSQL: the ledger stays exact.
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../../test/database';
import { buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { closePeriod, ensureOpenPeriod } from '../auctions/periods.service';
import { placeBid } from './bids.service';

let database: TestDatabase;
const t = testClock('2025-11-03T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 40 });
});
afterAll(() => database?.close());

async function auctionsFor(ownerIds: number[]) {
  const period = await ensureOpenPeriod(database.db, t.clock());
  const found = await rows<{ id: number; user_id: number }>(
    database.db,
    sql`SELECT id, user_id FROM auctions WHERE period_id = ${period.id} ORDER BY id`,
  );
  return found.filter((a) => ownerIds.includes(a.user_id));
}

type Outcome = 'ok' | string;

async function attempt(auctionId: number, bidderId: number, amount: number): Promise<Outcome> {
  try {
    await placeBid({ db: database.db, clock: t.clock }, { auctionId, bidderId, amount });
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe.skipIf(!onPostgres)('placeBid under concurrency (PostgreSQL, pool 40)', () => {
  it('250 bidders on one auction, then 400 bids across 20 auctions, then a close', async () => {
    const owners = await Promise.all(Array.from({ length: 20 }, () => buildBidder(database.db, 0)));
    const bidders = await Promise.all(
      Array.from({ length: 250 }, (_, i) => buildBidder(database.db, i % 5 === 0 ? 60 : 3000)),
    );
    const auctions = await auctionsFor(owners.map((o) => o.id));
    expect(auctions).toHaveLength(20);
    const hot = auctions[0]!;

    // Wave 1: everyone at once on one auction; random amounts, some invalid.
    const wave1 = await Promise.all(
      bidders.map((b, i) => {
        const kind = i % 10;
        const amount =
          kind === 0
            ? randomInt(1, 9)
            : kind === 1
              ? 100_000
              : kind === 2
                ? 10.5
                : 10 * (i + 1) + randomInt(0, 10);
        return attempt(hot.id, b.id, amount);
      }),
    );
    // Wave 2: the same bidders (and owners bidding on themselves) spread over many auctions.
    const wave2 = await Promise.all(
      Array.from({ length: 400 }, (_, i) => {
        const auction = auctions[randomInt(0, auctions.length)]!;
        if (i % 50 === 0) return attempt(auction.id, auction.user_id, 500);
        const bidder = bidders[randomInt(0, bidders.length)]!;
        return attempt(auction.id, bidder.id, randomInt(5, 4000));
      }),
    );

    const tally = (outcomes: Outcome[]) =>
      outcomes.reduce<Record<string, number>>((acc, o) => {
        acc[o] = (acc[o] ?? 0) + 1;
        return acc;
      }, {});
    console.log('wave 1', tally(wave1), 'wave 2', tally(wave2));
    expect(wave1.filter((o) => o === 'ok').length).toBeGreaterThan(0);
    expect(new Set([...wave1, ...wave2])).not.toContain('INTERNAL');
    expect(await ledgerProblems(database.db)).toEqual([]);

    const accepted = await rows<{ n: number }>(
      database.db,
      sql`SELECT COUNT(*)::int AS n FROM bids`,
    );
    expect(accepted[0]!.n).toBe([...wave1, ...wave2].filter((o) => o === 'ok').length);

    // Close while a third wave is in flight: every bid lands before or is refused after.
    const period = await ensureOpenPeriod(database.db, t.clock());
    const wave3 = Promise.all(
      Array.from({ length: 100 }, () => {
        const auction = auctions[randomInt(0, auctions.length)]!;
        return attempt(auction.id, bidders[randomInt(0, bidders.length)]!.id, randomInt(10, 4000));
      }),
    );
    const closes = Promise.all([
      closePeriod(database.db, period.end_time),
      closePeriod(database.db, period.end_time),
    ]);
    t.set(period.end_time);
    const [, closed] = await Promise.all([wave3, closes]);
    expect(closed.filter(Boolean)).toHaveLength(1);
    const [{ led, made }] = (await rows<{ led: number; made: number }>(
      database.db,
      sql`SELECT (SELECT COUNT(*)::int FROM auctions WHERE period_id = ${period.id} AND lead_bidder_id IS NOT NULL) AS led,
                 (SELECT COUNT(*)::int FROM connections c JOIN auctions a ON a.id = c.auction_id
                   WHERE a.period_id = ${period.id}) AS made`,
    )) as [{ led: number; made: number }];
    expect(made).toBe(led);
    expect(await ledgerProblems(database.db)).toEqual([]);
  }, 120_000);
});
