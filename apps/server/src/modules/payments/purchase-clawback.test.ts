// Card money cashed out through a second account (issue 41 item 1): a member bought 1,200
// tokens, bid them on a partner, and charged the card back while they sat in the pending
// connection's escrow; the reversal took only the buyer's free balance (nothing), the
// partner accepted, both wrote once, and the partner redeemed $12 of a purchase that was
// taken back. Now the reversal takes the purchase back wherever it went, in one
// transaction: an open auction's escrow, a connection's escrow, an owner's reward held for
// the settlement hold; and what was already cashed is a payment review naming the buyer
// and who was paid.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../../test/database';
import { buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import {
  buyTokens,
  engage,
  openAuction,
  pendingConnection,
  type StageContext,
  stageContext,
} from '../../../test/settlement';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { closePeriod } from '../auctions/periods.service';
import { placeBid } from '../bids/bids.service';
import { sweepConnections } from '../connections/connection-sweep.service';
import { requestRedemption, settleRedemption } from '../redemptions/redemptions.service';
import { applyBalanceChange } from '../tokens/ledger';
import { reversePurchase } from './purchase-reversal.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 8 });
});
afterAll(() => database?.close());

const DAY = 24 * 60 * 60 * 1000;

const member = async (id: number) =>
  (
    await rows<{ token_balance: number; purchased_tokens: number; redeemable_tokens: number }>(
      database.db,
      sql`SELECT token_balance, purchased_tokens, redeemable_tokens FROM users WHERE id = ${id}`,
    )
  )[0];

const connectionRow = async (id: number) =>
  (
    await rows<{ escrow_purchased: number; escrow_clawed: number; reward_pending: number }>(
      database.db,
      sql`SELECT escrow_purchased, escrow_clawed, reward_pending FROM connections WHERE id = ${id}`,
    )
  )[0];

const reviewsOf = (userId: number) =>
  rows<{ reason: string; tokens_owed: number; note: string }>(
    database.db,
    sql`SELECT reason, tokens_owed, note FROM payment_reviews WHERE user_id = ${userId}`,
  );

const redeem = (ctx: StageContext, userId: number, tokens: number) =>
  requestRedemption(ctx, userId, { token_amount: tokens, paypal_email: 'partner@example.com' });

async function refusal(attempt: Promise<unknown>) {
  const error = await attempt.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

async function stage(startIso: string) {
  const clock = testClock(startIso);
  const ctx = stageContext(database.db, clock.clock);
  const buyer = await buildBidder(database.db, 0);
  const partner = await buildBidder(database.db, 0);
  const purchase = await buyTokens(ctx, buyer.id, 1200);
  const connection = await pendingConnection(ctx, clock, buyer.id, partner.id, 1200);
  const chargeback = () =>
    reversePurchase(ctx, { transactionId: purchase.transactionId, reason: 'chargeback' });
  return { clock, ctx, buyer, partner, purchase, connection, chargeback };
}

describe('a chargeback claws back what the purchase paid for', () => {
  it("takes the bid out of the pending connection's escrow: the partner accepts, both write, nothing is cashable", async () => {
    const { ctx, buyer, partner, connection, chargeback } = await stage('2026-03-02T15:00:00Z');
    const reversal = await chargeback();
    expect(reversal).toMatchObject({
      status: 'reversed',
      tokensTaken: 1200,
      tokensOwed: 0,
      reviewId: null,
      clawed: [{ connectionId: connection.id, heldIn: 'escrow', tokens: 1200 }],
    });
    expect(await member(buyer.id)).toEqual({
      token_balance: 0,
      purchased_tokens: 0,
      redeemable_tokens: 0,
    });
    expect(await connectionRow(connection.id)).toEqual({
      escrow_purchased: 0,
      escrow_clawed: 1200,
      reward_pending: 0,
    });

    await engage(ctx, connection);
    expect(await member(partner.id)).toEqual({
      token_balance: 0,
      purchased_tokens: 0,
      redeemable_tokens: 0,
    });
    expect(await refusal(redeem(ctx, partner.id, 1200))).toBe('INSUFFICIENT_TOKENS');
    const [purchase] = await rows<{ status: string; tokens_reversed: number }>(
      database.db,
      sql`SELECT status, tokens_reversed FROM token_purchases WHERE id = ${reversal.status === 'reversed' ? reversal.purchase.id : 0}`,
    );
    expect(purchase).toEqual({ status: 'chargeback', tokens_reversed: 1200 });
    const buyerRows = await rows<{ transaction_type: string; amount: number }>(
      database.db,
      sql`SELECT transaction_type, amount FROM token_transactions WHERE user_id = ${buyer.id} ORDER BY id`,
    );
    expect(buyerRows).toEqual([
      { transaction_type: 'purchase', amount: 1200 },
      { transaction_type: 'bid', amount: -1200 },
      { transaction_type: 'refund', amount: 1200 },
      { transaction_type: 'purchase_reversal', amount: -1200 },
    ]);
    expect(await reviewsOf(buyer.id)).toEqual([]);
    expect(await ledgerProblems(database.db)).toEqual([]);
  });

  it("takes back the partner's reward held for the settlement hold: the hold's end pays nothing", async () => {
    const { clock, ctx, partner, connection, chargeback } = await stage('2026-04-01T15:00:00Z');
    await engage(ctx, connection);
    expect(await connectionRow(connection.id)).toMatchObject({ reward_pending: 1200 });
    const reversal = await chargeback();
    expect(reversal).toMatchObject({
      tokensTaken: 1200,
      tokensOwed: 0,
      clawed: [{ connectionId: connection.id, heldIn: 'reward', tokens: 1200 }],
    });
    expect(await connectionRow(connection.id)).toEqual({
      escrow_purchased: 0,
      escrow_clawed: 1200,
      reward_pending: 0,
    });
    clock.set(new Date(clock.clock().getTime() + 15 * DAY));
    expect(await sweepConnections(ctx)).toMatchObject({ rewardsSettled: 0 });
    expect(await refusal(redeem(ctx, partner.id, 500))).toBe('INSUFFICIENT_TOKENS');
    expect(await member(partner.id)).toMatchObject({ token_balance: 0, redeemable_tokens: 0 });
    expect(await ledgerProblems(database.db)).toEqual([]);
  });

  it('names the buyer and the partner paid in a payment review when the cash is already gone', async () => {
    const { clock, ctx, buyer, partner, connection, chargeback } =
      await stage('2026-05-01T15:00:00Z');
    await engage(ctx, connection);
    clock.set(new Date(clock.clock().getTime() + 15 * DAY));
    const { redemption } = await redeem(ctx, partner.id, 1200);
    await settleRedemption(ctx, redemption.id, { outcome: 'paid' });
    const reversal = await chargeback();
    expect(reversal).toMatchObject({ tokensTaken: 0, tokensOwed: 1200, clawed: [] });
    const [review] = await reviewsOf(buyer.id);
    expect(review).toEqual({
      reason: 'chargeback',
      tokens_owed: 1200,
      note: `1200 of 1200 purchased tokens were already spent; rewards from their bids already paid to ${partner.username}`,
    });
    expect(await ledgerProblems(database.db)).toEqual([]);
  });

  it.skipIf(!onPostgres)(
    'takes it back whichever comes first when the chargeback and the engagement race',
    async () => {
      const pairs: Awaited<ReturnType<typeof stage>>[] = [];
      for (const day of [1, 2, 3, 4, 5]) pairs.push(await stage(`2026-06-0${day}T15:00:00Z`));
      await Promise.all(
        pairs.flatMap(({ ctx, connection, chargeback }) => [chargeback(), engage(ctx, connection)]),
      );
      for (const { partner, connection } of pairs) {
        expect(await connectionRow(connection.id)).toEqual({
          escrow_purchased: 0,
          escrow_clawed: 1200,
          reward_pending: 0,
        });
        expect(await member(partner.id)).toMatchObject({ token_balance: 0, redeemable_tokens: 0 });
      }
      expect(await ledgerProblems(database.db)).toEqual([]);
    },
  );
});

const auctionRow = async (id: number) =>
  (
    await rows<{
      lead_bidder_id: number | null;
      current_bid: number;
      lead_max: number;
      escrow_promotional: number;
      escrow_purchased: number;
    }>(
      database.db,
      sql`SELECT lead_bidder_id, current_bid, lead_max, escrow_promotional, escrow_purchased
            FROM auctions WHERE id = ${id}`,
    )
  )[0];

/** The buyer buys 1,200 tokens (with `promotional` of their own first) and leads an open auction. */
async function leading(startIso: string, promotional = 0) {
  const clock = testClock(startIso);
  const ctx = stageContext(database.db, clock.clock);
  const buyer = await buildBidder(database.db, 0);
  const partner = await buildBidder(database.db, 0);
  if (promotional > 0)
    await database.db.transaction((tx) =>
      applyBalanceChange(tx, { userId: buyer.id, amount: promotional, type: 'free_claim' }),
    );
  const purchase = await buyTokens(ctx, buyer.id, 1200);
  const auction = await openAuction(ctx, clock, partner.id);
  const chargeback = () =>
    reversePurchase(ctx, { transactionId: purchase.transactionId, reason: 'chargeback' });
  return { clock, ctx, buyer, partner, auction, chargeback };
}

describe("a chargeback claws back what the purchase put in an open auction's escrow", () => {
  it('voids a lead the reversed tokens paid for: the auction starts again and its close connects no one', async () => {
    const { clock, ctx, buyer, partner, auction, chargeback } =
      await leading('2026-07-01T15:00:00Z');
    await placeBid(ctx, { auctionId: auction.id, bidderId: buyer.id, amount: 1200 });
    const reversal = await chargeback();
    expect(reversal).toMatchObject({
      status: 'reversed',
      tokensTaken: 1200,
      tokensOwed: 0,
      reviewId: null,
      clawed: [],
      leads: [{ auctionId: auction.id, tokens: 1200, returned: 1200, voided: true }],
    });
    expect(await auctionRow(auction.id)).toEqual({
      lead_bidder_id: null,
      current_bid: 0,
      lead_max: 0,
      escrow_promotional: 0,
      escrow_purchased: 0,
    });
    expect(await member(buyer.id)).toEqual({
      token_balance: 0,
      purchased_tokens: 0,
      redeemable_tokens: 0,
    });
    expect(await reviewsOf(buyer.id)).toEqual([]);
    expect(await ledgerProblems(database.db)).toEqual([]);

    clock.set(new Date(clock.clock().getTime() + 1000));
    await closePeriod(database.db, clock.clock(), { force: true });
    const connections = await rows(
      database.db,
      sql`SELECT id FROM connections WHERE auction_id = ${auction.id}`,
    );
    expect(connections).toEqual([]);
    clock.set(new Date(clock.clock().getTime() + 15 * DAY));
    expect(await refusal(redeem(ctx, partner.id, 1200))).toBe('INSUFFICIENT_TOKENS');
    expect(await member(partner.id)).toMatchObject({ token_balance: 0, redeemable_tokens: 0 });
  });

  it('lowers a hidden maximum that still covers the current bid: the lead stands on what is left', async () => {
    const { ctx, buyer, auction, chargeback } = await leading('2026-07-10T15:00:00Z', 300);
    await placeBid(ctx, { auctionId: auction.id, bidderId: buyer.id, amount: 1500, maximum: true });
    const before = await auctionRow(auction.id);
    expect(before).toMatchObject({ lead_bidder_id: buyer.id, lead_max: 1500 });
    expect(before!.current_bid).toBeLessThanOrEqual(300);
    const reversal = await chargeback();
    expect(reversal).toMatchObject({
      tokensTaken: 1200,
      tokensOwed: 0,
      leads: [{ auctionId: auction.id, tokens: 1200, returned: 1200, voided: false }],
    });
    expect(await auctionRow(auction.id)).toEqual({
      lead_bidder_id: buyer.id,
      current_bid: before!.current_bid,
      lead_max: 300,
      escrow_promotional: 300,
      escrow_purchased: 0,
    });
    expect(await member(buyer.id)).toMatchObject({ token_balance: 0, purchased_tokens: 0 });
    expect(await ledgerProblems(database.db)).toEqual([]);
  });

  it.skipIf(!onPostgres)(
    'takes it back whichever comes first when the chargeback and an outbid race',
    async () => {
      const { clock, ctx, partner, auction } = await leading('2026-08-01T15:00:00Z');
      // Five buyers lead five auctions of the same open period; a rival outbids each at once.
      const [period] = await rows<{ period_id: number }>(
        database.db,
        sql`SELECT period_id FROM auctions WHERE id = ${auction.id}`,
      );
      const races: { buyerId: number; auctionId: number; transactionId: string }[] = [];
      for (let i = 0; i < 5; i++) {
        const owner = i === 0 ? partner : await buildBidder(database.db, 0);
        const [own] =
          i === 0
            ? [auction]
            : await rows<{ id: number }>(
                database.db,
                sql`INSERT INTO auctions (user_id, period_id) VALUES (${owner.id}, ${period!.period_id})
                    RETURNING id`,
              );
        const buyer = await buildBidder(database.db, 0);
        const purchase = await buyTokens(ctx, buyer.id, 1200);
        await placeBid(ctx, { auctionId: own!.id, bidderId: buyer.id, amount: 1000 });
        races.push({
          buyerId: buyer.id,
          auctionId: own!.id,
          transactionId: purchase.transactionId,
        });
      }
      const rival = await buildBidder(database.db, 0);
      await database.db.transaction((tx) =>
        applyBalanceChange(tx, { userId: rival.id, amount: 6000, type: 'free_claim' }),
      );
      await Promise.all(
        races.flatMap((race) => [
          reversePurchase(ctx, { transactionId: race.transactionId, reason: 'chargeback' }),
          placeBid(ctx, { auctionId: race.auctionId, bidderId: rival.id, amount: 1100 }),
        ]),
      );
      for (const race of races) {
        expect(await member(race.buyerId)).toEqual({
          token_balance: 0,
          purchased_tokens: 0,
          redeemable_tokens: 0,
        });
        expect(await reviewsOf(race.buyerId)).toEqual([]);
        expect((await auctionRow(race.auctionId))!.lead_bidder_id).not.toBe(race.buyerId);
      }
      expect(await ledgerProblems(database.db)).toEqual([]);
      clock.set(new Date(clock.clock().getTime() + 1000));
    },
  );
});
