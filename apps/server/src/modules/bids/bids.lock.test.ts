// The bid is one statement: a bid that cannot win is refused without waiting for the
// auction's row lock, and a winning one holds the lock only inside that statement.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../../test/database';
import { buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { ensureOpenPeriod } from '../auctions/periods.service';
import { placeBid } from './bids.service';

let database: TestDatabase;
const t = testClock('2025-11-03T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 5 });
});
afterAll(() => database?.close());

describe.skipIf(!onPostgres)('placeBid and the auction row lock (PostgreSQL)', () => {
  it('refuses a bid that cannot win while another transaction holds the lock', async () => {
    const owner = await buildBidder(database.db, 0);
    const alice = await buildBidder(database.db, 500);
    const bob = await buildBidder(database.db, 500);
    await ensureOpenPeriod(database.db, t.clock());
    const [auction] = await rows<{ id: number }>(
      database.db,
      sql`SELECT id FROM auctions WHERE user_id = ${owner.id}`,
    );
    const ctx = { db: database.db, clock: t.clock };
    await placeBid(ctx, { auctionId: auction!.id, bidderId: alice.id, amount: 100 });

    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM auctions WHERE id = $1 FOR UPDATE', [auction!.id]);
    try {
      const started = performance.now();
      await expect(
        placeBid(ctx, { auctionId: auction!.id, bidderId: bob.id, amount: 105 }),
      ).rejects.toThrow('Your bid must be at least 110 tokens.');
      expect(performance.now() - started).toBeLessThan(1_000);

      // A bid that can win waits for the lock and lands once it is released.
      let landed = false;
      const winning = placeBid(ctx, { auctionId: auction!.id, bidderId: bob.id, amount: 150 }).then(
        (r) => {
          landed = true;
          return r;
        },
      );
      await new Promise((r) => setTimeout(r, 200));
      expect(landed).toBe(false);
      await holder.query('COMMIT');
      const placed = await winning;
      expect(placed.tokenBalance).toBe(350);
      expect(placed.outbid).toMatchObject({ userId: alice.id, tokenBalance: 500 });
    } finally {
      await holder.end();
    }
    expect(await ledgerProblems(database.db)).toEqual([]);
  });
});
