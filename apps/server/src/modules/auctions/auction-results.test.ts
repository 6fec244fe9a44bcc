import { type AuctionResultFacts, resultMessage, resultStanding } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { balanceOf, buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { placeBid } from '../bids/bids.service';
import { memberResults } from './auction-results';
import { reserveState } from './auctions.repository';
import { closePeriod, currentPeriod, ensureOpenPeriod } from './periods.service';

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

    const byUser = async (userId: number) =>
      (await memberResults(database.db, userId, new Date()))[0]!;
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
    expect(await memberResults(database.db, owner.id, new Date())).toEqual([]);

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
        refunded: p.refunded as number | null,
      };
      if (alert.kind === 'auction_result') expect(alert.message).toBe(resultMessage(facts));
      else
        expect(alert.message.endsWith(`${resultStanding(facts)} The highest bid decided it.`)).toBe(
          true,
        );
    }
    expect(alerts.map((a) => a.user_id).sort()).toEqual([first!.id, second!.id, winner!.id].sort());

    // Words filled from shared's templates in SQL (the close, place_bid), to the letter.
    const said = async (userId: number, kind: string) =>
      (
        await rows<{ message: string }>(
          database.db,
          sql`SELECT message FROM alerts WHERE user_id = ${userId} AND kind = ${kind}
               ORDER BY id`,
        )
      ).map((a) => a.message);
    expect(await said(winner!.id, 'auction_won')).toEqual([
      'You won the auction for resultowner with 120 tokens. Waiting for them to accept. ' +
        'Your highest bid: 120 tokens, rank 1 of 3 bidders. The highest bid decided it.',
    ]);
    expect(await said(owner.id, 'winning_bidder_connection_pending')).toEqual([
      `${winner!.username} won your auction with 120 tokens. Accept to connect.`,
    ]);
    expect(await said(first!.id, 'outbid')).toEqual([
      `${second!.username} outbid you on resultowner with 40 tokens.`,
      `${winner!.username} outbid you on resultowner with 120 tokens.`,
    ]);
    expect(await ledgerProblems(database.db)).toEqual([]);
  });

  it('a lead below the hidden reserve makes no connection; the leader is refunded and told why', async () => {
    const t = testClock('2025-04-10T12:00:00Z');
    const owner = await buildBidder(database.db, 0, { username: 'reserveowner' });
    const [low, leader] = await Promise.all([500, 500].map((n) => buildBidder(database.db, n)));
    // The reserve applies from the next period: the auction opened now has none.
    await database.db.execute(sql`UPDATE users SET reserve_price = 200 WHERE id = ${owner.id}`);
    const open = (await currentPeriod(database.db))!;
    const closed = await closePeriod(database.db, open.end_time);
    const period = closed!.next;
    const [auction] = await rows<{ id: number; reserve_price: number }>(
      database.db,
      sql`SELECT id, reserve_price FROM auctions WHERE user_id = ${owner.id} AND period_id = ${period.id}`,
    );
    expect(auction!.reserve_price).toBe(200);
    t.set(period.start_time);
    const ctx = { db: database.db, clock: t.clock };
    const first = await placeBid(ctx, { auctionId: auction!.id, bidderId: low!.id, amount: 100 });
    expect(first.reserveMet).toBe(false);
    await placeBid(ctx, { auctionId: auction!.id, bidderId: leader!.id, amount: 150 });
    const [card] = await rows<{ reserve: string }>(
      database.db,
      sql`SELECT ${reserveState} AS reserve FROM auctions a WHERE a.id = ${auction!.id}`,
    );
    expect(card!.reserve).toBe('not_met');
    expect(await balanceOf(database.db, leader!.id)).toBe(350);

    const after = await closePeriod(database.db, period.end_time);
    expect(after!.connectionCount).toBe(0);
    expect(await balanceOf(database.db, leader!.id)).toBe(500);
    expect(await balanceOf(database.db, low!.id)).toBe(500);
    const [result] = await memberResults(database.db, leader!.id, new Date());
    expect(result).toMatchObject({
      won: false,
      finalPrice: null,
      highestBid: 150,
      rank: 1,
      bidderCount: 2,
      decidedBy: 'reserve',
      refunded: 150,
    });
    const [alert] = await rows<{ message: string }>(
      database.db,
      sql`SELECT message FROM alerts WHERE user_id = ${leader!.id} AND kind = 'auction_result'`,
    );
    expect(alert!.message).toBe(resultMessage({ ...result!, ownerUsername: 'reserveowner' }));
    expect(alert!.message).toContain('hidden reserve');
    expect(alert!.message).toContain('Your 150 tokens were refunded.');
    expect(await ledgerProblems(database.db)).toEqual([]);
  });
});
