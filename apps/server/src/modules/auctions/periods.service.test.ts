import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { placeBid } from '../bids/bids.service';
import { sweepPeriods } from './period-sweep';
import { closePeriod, currentPeriod, ensureOpenPeriod } from './periods.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 10 });
});
afterAll(() => database.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number((await rows<{ n: number }>(database.db, query))[0]!.n);

// One database per file: each test runs in its own week so periods never collide.
describe('auction periods', () => {
  it('opens one period with an auction for every eligible member', async () => {
    const eligible = await buildBidder(database.db, 0);
    const unapproved = await buildBidder(database.db, 0, { is_approved: false });
    const onboarding = await buildBidder(database.db, 0, { onboarded: 9 });
    const away = await buildBidder(database.db, 0, { available_for_bids: false });
    const now = new Date('2025-03-05T15:00:00Z');
    const [a, b] = await Promise.all([
      ensureOpenPeriod(database.db, now),
      ensureOpenPeriod(database.db, now),
    ]);
    expect(a.id).toBe(b.id);
    expect(a.end_time.toISOString()).toBe('2025-03-07T01:00:00.000Z');
    const owners = await rows<{ user_id: number }>(
      database.db,
      sql`SELECT user_id FROM auctions WHERE period_id = ${a.id}`,
    );
    const ids = owners.map((o) => o.user_id);
    expect(ids).toContain(eligible.id);
    for (const m of [unapproved, onboarding, away]) expect(ids).not.toContain(m.id);
  });

  it('closes nothing a millisecond early and closes at the exact end instant', async () => {
    const period = (await currentPeriod(database.db))!;
    const early = new Date(period.end_time.getTime() - 1);
    expect(await closePeriod(database.db, early)).toBeNull();
    const closed = await closePeriod(database.db, period.end_time);
    expect(closed?.periodId).toBe(period.id);
    // Across the March change: 20:00 EDT the following Thursday.
    expect(closed?.next.end_time.toISOString()).toBe('2025-03-14T00:00:00.000Z');
    expect(closed?.next.start_time.toISOString()).toBe(period.end_time.toISOString());
  });

  it('at close turns each led auction into one pending connection with alerts, moving no tokens', async () => {
    const t = testClock('2025-03-10T12:00:00Z');
    const owner = await buildBidder(database.db, 0);
    const bidder = await buildBidder(database.db, 500);
    const loser = await buildBidder(database.db, 500);
    const period = await ensureOpenPeriod(database.db, t.clock());
    // Members approved mid-period get their auction when they ask for it (or next period).
    const [auction] = await rows<{ id: number }>(
      database.db,
      sql`INSERT INTO auctions (user_id, period_id) VALUES (${owner.id}, ${period.id}) RETURNING id`,
    );
    const ctx = { db: database.db, clock: t.clock };
    await placeBid(ctx, { auctionId: auction!.id, bidderId: loser.id, amount: 100 });
    await placeBid(ctx, { auctionId: auction!.id, bidderId: bidder.id, amount: 150 });
    const ledgerBefore = await count(sql`SELECT COUNT(*) AS n FROM token_transactions`);

    t.set(period.end_time);
    const { closed } = await sweepPeriods(ctx);
    expect(closed?.connectionCount).toBe(1);
    const [connection] = await rows<{ amount: number; status: string }>(
      database.db,
      sql`SELECT amount, status FROM connections WHERE auction_id = ${auction!.id}`,
    );
    expect(connection).toEqual({ amount: 150, status: 'pending' });
    expect(
      await rows(
        database.db,
        sql`SELECT 1 FROM connections WHERE user_id = ${bidder.id} AND partner_id = ${owner.id}`,
      ),
    ).toHaveLength(1);
    expect(closed!.alerts.count).toBe(3);
    const written = await rows<{ user_id: number; kind: string }>(
      database.db,
      sql`SELECT user_id, kind FROM alerts
           WHERE id BETWEEN ${closed!.alerts.firstId} AND ${closed!.alerts.lastId}`,
    );
    const kinds = written.map((a) => [a.user_id, a.kind]);
    expect(kinds).toContainEqual([bidder.id, 'auction_won']);
    expect(kinds).toContainEqual([owner.id, 'winning_bidder_connection_pending']);
    expect(kinds).toContainEqual([loser.id, 'auction_result']);
    expect(await count(sql`SELECT COUNT(*) AS n FROM token_transactions`)).toBe(ledgerBefore);
    expect(await ledgerProblems(database.db)).toEqual([]);
    // A late bid is refused; the next period has the owner's new auction.
    await expect(
      placeBid(ctx, { auctionId: auction!.id, bidderId: loser.id, amount: 300 }),
    ).rejects.toMatchObject({ message: 'Bidding has closed for this auction.' });
    expect(
      await count(
        sql`SELECT COUNT(*) AS n FROM auctions WHERE user_id = ${owner.id} AND period_id = ${closed!.next.id}`,
      ),
    ).toBe(1);
  });

  it('two concurrent closes create exactly one set of connections', async () => {
    const t = testClock('2025-03-20T12:00:00Z');
    const period = (await currentPeriod(database.db))!;
    const owners = await Promise.all([1, 2, 3].map(() => buildBidder(database.db, 0)));
    const bidder = await buildBidder(database.db, 1000);
    await database.db.execute(
      sql`INSERT INTO auctions (user_id, period_id) SELECT id, ${period.id} FROM users
           WHERE is_approved AND onboarded = 14 ON CONFLICT DO NOTHING`,
    );
    for (const owner of owners) {
      const [a] = await rows<{ id: number }>(
        database.db,
        sql`SELECT id FROM auctions WHERE user_id = ${owner.id} AND period_id = ${period.id}`,
      );
      await placeBid(
        { db: database.db, clock: t.clock },
        { auctionId: a!.id, bidderId: bidder.id, amount: 50 },
      );
    }
    const at = period.end_time;
    const results = await Promise.all([
      closePeriod(database.db, at),
      closePeriod(database.db, at),
      closePeriod(database.db, at, { force: true }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(
      await count(
        sql`SELECT COUNT(*) AS n FROM connections c JOIN auctions a ON a.id = c.auction_id WHERE a.period_id = ${period.id}`,
      ),
    ).toBe(3);
    expect(await count(sql`SELECT COUNT(*) AS n FROM auction_periods WHERE status = 'open'`)).toBe(
      1,
    );
    expect(await ledgerProblems(database.db)).toEqual([]);
  });

  it('a crash mid-close leaves the period open and the next sweep closes it once', async () => {
    const period = (await currentPeriod(database.db))!;
    const owner = await buildBidder(database.db, 0);
    const bidder = await buildBidder(database.db, 100);
    const [a] = await rows<{ id: number }>(
      database.db,
      sql`INSERT INTO auctions (user_id, period_id) VALUES (${owner.id}, ${period.id}) RETURNING id`,
    );
    await placeBid(
      { db: database.db, clock: () => new Date(period.end_time.getTime() - 1000) },
      { auctionId: a!.id, bidderId: bidder.id, amount: 40 },
    );
    // The alerts insert fails once, after the period, auctions and connections were written.
    await database.db.execute(sql`
      CREATE FUNCTION fail_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated crash'; END $$`);
    await database.db.execute(
      sql`CREATE TRIGGER fail_alerts BEFORE INSERT ON alerts FOR EACH ROW EXECUTE FUNCTION fail_once()`,
    );
    await expect(closePeriod(database.db, period.end_time)).rejects.toThrow();
    expect((await currentPeriod(database.db))?.id).toBe(period.id);
    expect(
      await count(sql`SELECT COUNT(*) AS n FROM connections WHERE auction_id = ${a!.id}`),
    ).toBe(0);
    await database.db.execute(sql`DROP TRIGGER fail_alerts ON alerts`);

    const closed = await closePeriod(database.db, period.end_time);
    expect(closed?.periodId).toBe(period.id);
    expect(await closePeriod(database.db, period.end_time)).toBeNull();
    expect(
      await count(sql`SELECT COUNT(*) AS n FROM connections WHERE auction_id = ${a!.id}`),
    ).toBe(1);
    expect(await ledgerProblems(database.db)).toEqual([]);
  });

  it('closes the period spanning the November change at 20:00 EST', async () => {
    await database.db.execute(
      sql`UPDATE auction_periods SET status = 'closed' WHERE status = 'open'`,
    );
    const first = await ensureOpenPeriod(database.db, new Date('2025-10-28T12:00:00Z'));
    expect(first.end_time.toISOString()).toBe('2025-10-31T00:00:00.000Z');
    const closed = await closePeriod(database.db, first.end_time);
    expect(closed?.next.end_time.toISOString()).toBe('2025-11-07T01:00:00.000Z');
  });
});
