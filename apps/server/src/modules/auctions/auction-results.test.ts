import { type AuctionResultFacts, resultMessage, resultStanding } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { placeBid } from '../bids/bids.service';
import { memberResults } from './auction-results';
import { closePeriod, ensureOpenPeriod } from './periods.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 4 });
});
afterAll(() => database.close());

describe('every bidder reads their result after the close', () => {
  it('gives winner and losers their price, highest bid, rank and the bidder count, on the alert and the view', async () => {
    const t = testClock('2025-04-01T12:00:00Z');
    const owner = await buildBidder(database.db, 0, { username: 'resultowner' });
    const [first, second, winner] = await Promise.all(
      [500, 500, 500].map((n) => buildBidder(database.db, n)),
    );
    const period = await ensureOpenPeriod(database.db, t.clock());
    const [auction] = await rows<{ id: number }>(
      database.db,
      sql`SELECT id FROM auctions WHERE user_id = ${owner.id} AND period_id = ${period.id}`,
    );
    const ctx = { db: database.db, clock: t.clock };
    const bid = (bidderId: number, amount: number) =>
      placeBid(ctx, { auctionId: auction!.id, bidderId, amount });
    await bid(first!.id, 20);
    await bid(second!.id, 40);
    await bid(first!.id, 60);
    await bid(winner!.id, 1200 / 10);

    const closed = await closePeriod(database.db, period.end_time);
    expect(closed!.alerts.count).toBe(4);

    const byUser = async (userId: number) => (await memberResults(database.db, userId))[0]!;
    const base = { auctionId: auction!.id, ownerId: owner.id, ownerUsername: 'resultowner' };
    expect(await byUser(winner!.id)).toMatchObject({
      ...base,
      won: true,
      finalPrice: 120,
      highestBid: 120,
      rank: 1,
      bidderCount: 3,
      decidedBy: 'bid',
    });
    expect(await byUser(first!.id)).toMatchObject({ won: false, highestBid: 60, rank: 2 });
    expect(await byUser(second!.id)).toMatchObject({ won: false, highestBid: 40, rank: 3 });
    expect(await memberResults(database.db, owner.id)).toEqual([]);

    // The alert says exactly what the shared rule says.
    const alerts = await rows<{ user_id: number; kind: string; message: string; payload: unknown }>(
      database.db,
      sql`SELECT user_id, kind, message, payload FROM alerts
           WHERE id BETWEEN ${closed!.alerts.firstId} AND ${closed!.alerts.lastId}
             AND kind IN ('auction_result', 'auction_won')`,
    );
    for (const alert of alerts) {
      const p = alert.payload as Record<string, unknown>;
      const facts: AuctionResultFacts = {
        ownerUsername: 'resultowner',
        won: p.won as boolean,
        finalPrice: p.finalPrice as number,
        highestBid: p.highestBid as number,
        rank: p.rank as number,
        bidderCount: p.bidderCount as number,
        decidedBy: p.decidedBy as AuctionResultFacts['decidedBy'],
      };
      if (alert.kind === 'auction_result') expect(alert.message).toBe(resultMessage(facts));
      else
        expect(alert.message.endsWith(`${resultStanding(facts)} The highest bid decided it.`)).toBe(
          true,
        );
    }
    expect(alerts.map((a) => a.user_id).sort()).toEqual([first!.id, second!.id, winner!.id].sort());
    expect(await ledgerProblems(database.db)).toEqual([]);
  });
});
