// The proxy formula (proxy_bid, modules/bids/proxy-bid.sql) and what place_bid books for
// it: automatic raises, escrow of whole maximums, refunds on outbid and at the close.
import { AUCTION_MESSAGES, BID_STEP } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { balanceOf, buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { memberResults } from '../auctions/auction-results';
import { closePeriod, ensureOpenPeriod } from '../auctions/periods.service';
import { placeBid } from './bids.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 4 });
});
afterAll(() => database.close());

interface Proxy {
  prior_raise: number | null;
  bidder_amount: number;
  counter_raise: number | null;
  lead_id: number;
  lead_max: number;
  current_bid: number;
}

/** Leader 1 holds `leadMax` with `current` showing; member 2 bids `amount`. */
async function proxy(
  lead: { id: number | null; max: number; current: number },
  bidder: number,
  amount: number,
  maximum: boolean,
): Promise<Proxy> {
  const [row] = await rows<Proxy>(
    database.db,
    sql`SELECT * FROM proxy_bid(${lead.id}::int, ${lead.max}, ${lead.current}, ${bidder}, ${amount},
                                ${maximum}, ${BID_STEP})`,
  );
  return row!;
}

describe('the proxy formula', () => {
  it('opens a maximum at the minimum and a plain bid at its amount', async () => {
    expect(await proxy({ id: null, max: 0, current: 0 }, 2, 500, true)).toEqual({
      prior_raise: null,
      bidder_amount: 10,
      counter_raise: null,
      lead_id: 2,
      lead_max: 500,
      current_bid: 10,
    });
    expect(await proxy({ id: null, max: 0, current: 0 }, 2, 70, false)).toMatchObject({
      bidder_amount: 70,
      lead_max: 70,
      current_bid: 70,
    });
  });

  it("a bid under the leader's maximum is answered at min(maximum, bid + 10)", async () => {
    expect(await proxy({ id: 1, max: 500, current: 10 }, 2, 100, false)).toEqual({
      prior_raise: null,
      bidder_amount: 100,
      counter_raise: 110,
      lead_id: 1,
      lead_max: 500,
      current_bid: 110,
    });
    // The answer never passes the leader's maximum.
    expect(await proxy({ id: 1, max: 500, current: 10 }, 2, 495, true)).toMatchObject({
      counter_raise: 500,
      lead_id: 1,
      current_bid: 500,
    });
  });

  it('between equal maximums the earlier one leads', async () => {
    expect(await proxy({ id: 1, max: 300, current: 50 }, 2, 300, true)).toMatchObject({
      bidder_amount: 300,
      counter_raise: 300,
      lead_id: 1,
      current_bid: 300,
    });
  });

  it("ties: a plain bid equal to the leader's maximum leaves the earlier leader ahead at it", async () => {
    expect(await proxy({ id: 1, max: 300, current: 120 }, 2, 300, false)).toEqual({
      prior_raise: null,
      bidder_amount: 300,
      counter_raise: 300,
      lead_id: 1,
      lead_max: 300,
      current_bid: 300,
    });
    // A maximum of exactly current + 10 under the leader's maximum is answered at once.
    expect(await proxy({ id: 1, max: 300, current: 120 }, 2, 130, true)).toMatchObject({
      bidder_amount: 130,
      counter_raise: 140,
      lead_id: 1,
      current_bid: 140,
    });
  });

  it('a higher maximum takes the lead at the old maximum + 10, after its last raise', async () => {
    expect(await proxy({ id: 1, max: 300, current: 50 }, 2, 1000, true)).toEqual({
      prior_raise: 300,
      bidder_amount: 310,
      counter_raise: null,
      lead_id: 2,
      lead_max: 1000,
      current_bid: 310,
    });
    // Just above: the visible bid is the new maximum itself.
    expect(await proxy({ id: 1, max: 300, current: 50 }, 2, 305, true)).toMatchObject({
      bidder_amount: 305,
      current_bid: 305,
    });
    // A plain bid above shows its amount.
    expect(await proxy({ id: 1, max: 300, current: 300 }, 2, 700, false)).toMatchObject({
      prior_raise: null,
      bidder_amount: 700,
      current_bid: 700,
    });
  });

  it("raising one's own maximum keeps the visible bid; a plain raise shows its amount", async () => {
    expect(await proxy({ id: 2, max: 300, current: 50 }, 2, 900, true)).toMatchObject({
      bidder_amount: 50,
      lead_max: 900,
      current_bid: 50,
    });
    expect(await proxy({ id: 2, max: 300, current: 50 }, 2, 120, false)).toMatchObject({
      lead_max: 300,
      current_bid: 120,
    });
  });

  it('stops at the 99,999 cap', async () => {
    expect(await proxy({ id: 1, max: 99_995, current: 90_000 }, 2, 99_999, true)).toMatchObject({
      prior_raise: 99_995,
      bidder_amount: 99_999,
      current_bid: 99_999,
    });
    expect(await proxy({ id: 1, max: 99_999, current: 90_000 }, 2, 99_999, true)).toMatchObject({
      counter_raise: 99_999,
      lead_id: 1,
    });
    // A plain 99,999 against a 99,999 maximum: the earlier maximum keeps it, never above.
    expect(await proxy({ id: 1, max: 99_999, current: 99_990 }, 2, 99_999, false)).toMatchObject({
      counter_raise: 99_999,
      lead_id: 1,
      lead_max: 99_999,
      current_bid: 99_999,
    });
  });
});

describe('maximum bids, booked', () => {
  it('escrows the whole maximum, raises automatically, refunds the unused part at the close', async () => {
    const t = testClock('2025-05-01T12:00:00Z');
    const owner = await buildBidder(database.db, 0);
    const [proxyBidder, plain, late] = await Promise.all(
      [1000, 1000, 1000].map((n) => buildBidder(database.db, n)),
    );
    const period = await ensureOpenPeriod(database.db, t.clock());
    const [auction] = await rows<{ id: number }>(
      database.db,
      sql`SELECT id FROM auctions WHERE user_id = ${owner.id} AND period_id = ${period.id}`,
    );
    const ctx = { db: database.db, clock: t.clock };
    const id = auction!.id;

    const opened = await placeBid(ctx, {
      auctionId: id,
      bidderId: proxyBidder!.id,
      amount: 500,
      maximum: true,
    });
    expect(opened.auction.current_bid).toBe(10);
    expect(opened.ownMaximum).toBe(500);
    expect(await balanceOf(database.db, proxyBidder!.id)).toBe(500);

    // Below current + 10 is refused, maximum or not.
    await expect(
      placeBid(ctx, { auctionId: id, bidderId: plain!.id, amount: 15, maximum: true }),
    ).rejects.toMatchObject({ message: AUCTION_MESSAGES.bidTooLow(20) });
    // Lowering one's own maximum is refused.
    await expect(
      placeBid(ctx, { auctionId: id, bidderId: proxyBidder!.id, amount: 400, maximum: true }),
    ).rejects.toMatchObject({ message: AUCTION_MESSAGES.maximumNotRaised(500) });

    // A later plain bid is outbid at once by the maximum, with the same rows as any outbid.
    const answered = await placeBid(ctx, { auctionId: id, bidderId: plain!.id, amount: 200 });
    expect(answered.visible.map((v) => [v.bidderId, v.amount, v.automatic])).toEqual([
      [plain!.id, 200, false],
      [proxyBidder!.id, 210, true],
    ]);
    expect(answered.outbid?.userId).toBe(plain!.id);
    expect(answered.outbid?.alert?.message).toContain('with 210 tokens');
    expect(await balanceOf(database.db, plain!.id)).toBe(1000);
    expect(await balanceOf(database.db, proxyBidder!.id)).toBe(500);
    expect(await ledgerProblems(database.db)).toEqual([]);

    // A higher maximum takes the lead at 510; the first maximum comes back whole.
    const over = await placeBid(ctx, {
      auctionId: id,
      bidderId: late!.id,
      amount: 800,
      maximum: true,
    });
    expect(over.visible.map((v) => [v.bidderId, v.amount])).toEqual([
      [proxyBidder!.id, 500],
      [late!.id, 510],
    ]);
    expect(await balanceOf(database.db, proxyBidder!.id)).toBe(1000);
    expect(await balanceOf(database.db, late!.id)).toBe(200);
    expect(await ledgerProblems(database.db)).toEqual([]);

    // Close: connection at 510, the unused 290 back to the winner.
    const closed = await closePeriod(database.db, period.end_time);
    expect(closed!.connectionCount).toBe(1);
    expect(await balanceOf(database.db, late!.id)).toBe(490);
    const [connection] = await rows<{ amount: number }>(
      database.db,
      sql`SELECT amount FROM connections WHERE auction_id = ${id}`,
    );
    expect(connection!.amount).toBe(510);
    expect((await memberResults(database.db, late!.id, new Date()))[0]).toMatchObject({
      won: true,
      finalPrice: 510,
      highestBid: 510,
      rank: 1,
      bidderCount: 3,
      decidedBy: 'bid',
      refunded: 290,
    });
    expect((await memberResults(database.db, proxyBidder!.id, new Date()))[0]).toMatchObject({
      won: false,
      highestBid: 500,
      rank: 2,
    });
    expect(await ledgerProblems(database.db)).toEqual([]);
  });
  it('refuses a maximum below current + 10 and one not above its own, booking nothing; 99,999 is the most', async () => {
    const t = testClock('2025-05-08T12:00:00Z');
    const owner = await buildBidder(database.db, 0);
    const [a, b] = await Promise.all([100_000, 100_000].map((n) => buildBidder(database.db, n)));
    await closePeriod(database.db, t.clock());
    const period = await ensureOpenPeriod(database.db, t.clock());
    const [auction] = await rows<{ id: number }>(
      database.db,
      sql`INSERT INTO auctions (user_id, period_id) VALUES (${owner.id}, ${period.id})
          ON CONFLICT (user_id, period_id) DO UPDATE SET updated_at = now() RETURNING id`,
    );
    const ctx = { db: database.db, clock: t.clock };
    const id = auction!.id;
    await placeBid(ctx, { auctionId: id, bidderId: a!.id, amount: 50 });
    await expect(
      placeBid(ctx, { auctionId: id, bidderId: b!.id, amount: 59, maximum: true }),
    ).rejects.toMatchObject({ message: AUCTION_MESSAGES.bidTooLow(60) });
    expect(await balanceOf(database.db, b!.id)).toBe(100_000);

    await placeBid(ctx, { auctionId: id, bidderId: b!.id, amount: 99_999, maximum: true });
    expect(await balanceOf(database.db, b!.id)).toBe(1);
    // Raising one's own maximum to the same amount is refused; above the cap is invalid.
    await expect(
      placeBid(ctx, { auctionId: id, bidderId: b!.id, amount: 99_999, maximum: true }),
    ).rejects.toMatchObject({ message: AUCTION_MESSAGES.maximumNotRaised(99_999) });
    await expect(
      placeBid(ctx, { auctionId: id, bidderId: a!.id, amount: 100_000, maximum: true }),
    ).rejects.toBeTruthy();
    // The other member's highest possible bid ties it: the earlier maximum keeps the lead.
    const tie = await placeBid(ctx, { auctionId: id, bidderId: a!.id, amount: 99_999 });
    expect(tie.auction.current_bid).toBe(99_999);
    const [lead] = await rows<{ lead_bidder_id: number }>(
      database.db,
      sql`SELECT lead_bidder_id FROM auctions WHERE id = ${id}`,
    );
    expect(lead!.lead_bidder_id).toBe(b!.id);
    expect(await balanceOf(database.db, a!.id)).toBe(100_000);
    expect(await ledgerProblems(database.db)).toEqual([]);
  });

  it('a maximum that reaches the hidden reserve wins at the reserve; the rest comes back', async () => {
    const t = testClock('2025-05-15T12:00:00Z');
    const owner = await buildBidder(database.db, 0);
    const [max, plain] = await Promise.all([1000, 1000].map((n) => buildBidder(database.db, n)));
    await closePeriod(database.db, t.clock());
    const period = await ensureOpenPeriod(database.db, t.clock());
    const [auction] = await rows<{ id: number }>(
      database.db,
      sql`INSERT INTO auctions (user_id, period_id, reserve_price) VALUES (${owner.id}, ${period.id}, 300)
          ON CONFLICT (user_id, period_id) DO UPDATE SET reserve_price = 300 RETURNING id`,
    );
    const ctx = { db: database.db, clock: t.clock };
    const id = auction!.id;
    expect(
      (await placeBid(ctx, { auctionId: id, bidderId: max!.id, amount: 400, maximum: true }))
        .reserveMet,
    ).toBe(true);
    await placeBid(ctx, { auctionId: id, bidderId: plain!.id, amount: 100 });
    t.set(period.end_time);
    const closed = await closePeriod(database.db, period.end_time);
    expect(closed!.connectionCount).toBeGreaterThanOrEqual(1);
    const [connection] = await rows<{ amount: number; user_id: number }>(
      database.db,
      sql`SELECT amount, user_id FROM connections WHERE auction_id = ${id}`,
    );
    expect(connection).toEqual({ amount: 300, user_id: max!.id });
    expect(await balanceOf(database.db, max!.id)).toBe(700);
    expect(await balanceOf(database.db, plain!.id)).toBe(1000);
    expect((await memberResults(database.db, max!.id, t.clock()))[0]).toMatchObject({
      won: true,
      finalPrice: 300,
      decidedBy: 'reserve',
      refunded: 100,
    });
    expect(await ledgerProblems(database.db)).toEqual([]);
  });
});
