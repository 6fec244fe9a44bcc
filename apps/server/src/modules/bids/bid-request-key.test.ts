// A bid's request key (the client resends an unanswered bid after a reconnect, possibly to
// another server): the same key twice is one bid, and both requests get its one answer,
// even when the two arrive at once on two servers.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../../test/database';
import { balanceOf, buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { recordingRealtime } from '../../../test/realtime';
import { type Database, openDatabase, rows } from '../../db/client';
import { ensureOpenPeriod } from '../auctions/periods.service';
import { type PlacedBid, placeBid } from './bids.service';

let database: TestDatabase;
const t = testClock('2025-11-03T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 16 });
});
afterAll(() => database?.close());

async function openAuction() {
  const owner = await buildBidder(database.db, 0);
  const period = await ensureOpenPeriod(database.db, t.clock());
  const [auction] = await rows<{ id: number }>(
    database.db,
    sql`INSERT INTO auctions (user_id, period_id) VALUES (${owner.id}, ${period.id})
        ON CONFLICT (user_id, period_id) DO UPDATE SET updated_at = now() RETURNING id`,
  );
  return auction!.id;
}

const bidsOf = (auctionId: number) =>
  rows<{ user_id: number; amount: number }>(
    database.db,
    sql`SELECT user_id, amount FROM bids WHERE auction_id = ${auctionId} ORDER BY id`,
  );

/** What the member is told, without the flag saying which request placed it. */
const answer = ({ replayed: _, ...rest }: PlacedBid) => rest;

describe('a bid sent twice with one key', () => {
  it('is placed once and answered twice alike; a refusal is repeated, not re-decided', async () => {
    const auctionId = await openAuction();
    const alice = await buildBidder(database.db, 500);
    const bob = await buildBidder(database.db, 500);
    const { realtime, emitted } = recordingRealtime();
    const ctx = { db: database.db, clock: t.clock, realtime };
    const key = randomUUID();

    const first = await placeBid(ctx, {
      auctionId,
      bidderId: alice.id,
      amount: 100,
      requestKey: key,
    });
    const again = await placeBid(ctx, {
      auctionId,
      bidderId: alice.id,
      amount: 100,
      requestKey: key,
    });
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    expect(answer(again)).toEqual(answer(first));
    expect(emitted().filter(([, event]) => event === 'bidSuccess')).toHaveLength(1);
    expect(await bidsOf(auctionId)).toEqual([{ user_id: alice.id, amount: 100 }]);
    expect(await balanceOf(database.db, alice.id)).toBe(400);

    // Another member's key of the same value is theirs alone.
    const bobs = await placeBid(ctx, { auctionId, bidderId: bob.id, amount: 110, requestKey: key });
    expect(bobs.replayed).toBe(false);

    // Refused (too low) the first time: the same answer the second, though it would now win.
    const low = randomUUID();
    await expect(
      placeBid(ctx, { auctionId, bidderId: alice.id, amount: 105, requestKey: low }),
    ).rejects.toThrow('Your bid must be at least 120 tokens.');
    await expect(
      placeBid(ctx, { auctionId, bidderId: alice.id, amount: 105, requestKey: low }),
    ).rejects.toThrow('Your bid must be at least 120 tokens.');
    expect(await bidsOf(auctionId)).toHaveLength(2);
    expect(await ledgerProblems(database.db)).toEqual([]);
  });

  it.skipIf(!onPostgres)(
    'arriving at once on two servers: one bid, two identical answers',
    async () => {
      const auctionId = await openAuction();
      const alice = await buildBidder(database.db, 500);
      // Two servers: two pools of their own on the same database.
      const servers: Database[] = [0, 1].map(() =>
        openDatabase({ url: database.url!, poolSize: 2 }),
      );
      // The auction's row lock held elsewhere, so both requests are inside place_bid_once
      // together: the second waits on the first's key, not merely behind it.
      const holder = new pg.Client({ connectionString: database.url });
      await holder.connect();
      try {
        for (let round = 0; round < 5; round++) {
          const key = randomUUID();
          await holder.query('BEGIN');
          await holder.query('SELECT id FROM auctions WHERE id = $1 FOR UPDATE', [auctionId]);
          const amount = 100 + round * 10;
          const both = servers.map((server) =>
            placeBid(
              { db: server.db, clock: t.clock },
              { auctionId, bidderId: alice.id, amount, requestKey: key },
            ),
          );
          await new Promise((r) => setTimeout(r, 150));
          await holder.query('COMMIT');
          const [a, b] = await Promise.all(both);
          expect(answer(a!)).toEqual(answer(b!));
          expect([a!.replayed, b!.replayed].sort()).toEqual([false, true]);
        }
      } finally {
        await holder.end();
        await Promise.all(servers.map((server) => server.close()));
      }
      expect(await bidsOf(auctionId)).toEqual(
        [100, 110, 120, 130, 140].map((amount) => ({ user_id: alice.id, amount })),
      );
      // A leader raising pays the difference: 140 in escrow, once.
      expect(await balanceOf(database.db, alice.id)).toBe(360);
      expect(await ledgerProblems(database.db)).toEqual([]);
    },
  );

  // The claim of a key names the member (a foreign key, so a KEY SHARE lock on their row):
  // taken before the auction's lock, and with the debit locking the member FOR UPDATE, two
  // of one member's keyed bids on two auctions each waited for the other (40P01).
  it.skipIf(!onPostgres)(
    "60 of one member's keyed bids over 12 auctions at once: every one answered, none deadlocked",
    async () => {
      const auctionIds = await Promise.all(Array.from({ length: 12 }, () => openAuction()));
      const alice = await buildBidder(database.db, 10_000);
      const ctx = { db: database.db, clock: t.clock };
      const outcomes = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          placeBid(ctx, {
            auctionId: auctionIds[i % 12]!,
            bidderId: alice.id,
            amount: 100 + 10 * Math.floor(i / 12),
            requestKey: randomUUID(),
          }).then(
            () => 'placed',
            (error: unknown) => (error as { code?: string }).code ?? String(error),
          ),
        ),
      );
      expect(outcomes.filter((o) => o !== 'placed')).toEqual([]);
      // Each auction led by her last (highest) bid, escrowed once: 12 x 140.
      expect(await balanceOf(database.db, alice.id)).toBe(10_000 - 12 * 140);
      expect(await ledgerProblems(database.db)).toEqual([]);
    },
  );
});
