// The token economy's invariants under random play (product rules, The token economy must
// never pay out more cash than it takes in), on real PostgreSQL: random sequences of daily
// claims, referrals, purchases, bids, outbids and rebids, period closes, acceptances,
// rejections, unmatches, expiries, rewards, redemptions paid and failed, account deletions,
// admin adjustments, and refunds and chargebacks of purchases inside their settlement hold
// (issue 41), wherever the purchase's tokens are then (a balance, an open auction's lead, a
// connection's escrow, an owner's held reward), for many members at once. After every step: each balance equals its ledger
// origin by origin, escrows and held rewards hold exactly their parts (ledgerProblems), and
// the cash paid out never exceeds the cash kept (purchases not taken back, and the cash
// recorded for paid grants) plus the campaign budget spent, and the campaign never spends
// more than the largest budget it was given. Campaigns start, change and stop at random
// between steps.

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../../test/database';
import { buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { loadConfig } from '../../config';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { adjustTokens } from '../admin/admin.service';
import { closePeriod, ensureOpenPeriod } from '../auctions/periods.service';
import { awardReferralBonus } from '../auth/referral.service';
import { placeBid } from '../bids/bids.service';
import { sweepConnections } from '../connections/connection-sweep.service';
import { changeConnectionStatus } from '../connections/connections.service';
import { recordMessageSent } from '../connections/engagement.service';
import type { PaymentsContext } from '../payments/payments.context';
import { creditPayment } from '../payments/purchase-credit';
import { reversePurchase } from '../payments/purchase-reversal.service';
import { requestRedemption, settleRedemption } from '../redemptions/redemptions.service';
import { deleteAccount } from '../safety/account-deletion.service';
import { updateSettings } from '../settings/settings.service';
import { applyBalanceChange } from './ledger';

const MEMBERS = 8;
const HOUR = 60 * 60 * 1000;
const SETTLEMENT_DAYS = 14;

let database: TestDatabase;
beforeAll(async () => {
  if (onPostgres) database = await createTestDatabase({ poolSize: 4 });
});
afterAll(() => database?.close());

const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' });

/** One step of play; indices pick among whatever exists at that moment. */
const step = fc.oneof(
  fc.record({ kind: fc.constant('claim' as const), m: fc.nat() }),
  fc.record({ kind: fc.constant('referral' as const), m: fc.nat(), other: fc.nat() }),
  fc.record({ kind: fc.constant('purchase' as const), m: fc.nat(), bundle: fc.nat(3) }),
  fc.record({
    kind: fc.constant('bid' as const),
    m: fc.nat(),
    owner: fc.nat(),
    raise: fc.integer({ min: 0, max: 900 }),
  }),
  fc.record({
    kind: fc.constant('bid' as const),
    m: fc.nat(),
    owner: fc.nat(),
    raise: fc.constant(0),
  }),
  fc.record({ kind: fc.constant('close' as const) }),
  fc.record({
    kind: fc.constant('decide' as const),
    c: fc.nat(),
    status: fc.constantFrom('accepted', 'rejected', 'unmatched'),
  }),
  fc.record({ kind: fc.constant('message' as const), c: fc.nat(), fromOwner: fc.boolean() }),
  // Accept and both write: the owner's reward, often enough to be redeemed afterwards.
  fc.record({ kind: fc.constant('engage' as const), c: fc.nat() }),
  fc.record({ kind: fc.constant('engage' as const), c: fc.nat() }),
  fc.record({ kind: fc.constant('later' as const), hours: fc.constantFrom(1, 25, 49, 200, 340) }),
  fc.record({
    kind: fc.constant('redeem' as const),
    m: fc.nat(),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('settle' as const), r: fc.nat(), paid: fc.boolean() }),
  // A bundle bought and bid at once on someone (issue 41): bought tokens in an escrow, and
  // after engagement in an owner's reward held for the settlement hold.
  fc.record({
    kind: fc.constant('buy_and_bid' as const),
    m: fc.nat(),
    owner: fc.nat(),
    bundle: fc.nat(3),
  }),
  // A purchase taken back while the processor still can: wherever its tokens are.
  fc.record({
    kind: fc.constant('chargeback' as const),
    p: fc.nat(),
    reason: fc.constantFrom('chargeback', 'refund'),
  }),
  fc.record({
    kind: fc.constant('chargeback' as const),
    p: fc.nat(),
    reason: fc.constant('chargeback'),
  }),
  fc.record({ kind: fc.constant('delete' as const), m: fc.nat() }),
  // Earnings credited by hand with their cash: enough to redeem, so campaigns get spent.
  fc.record({
    kind: fc.constant('adjust' as const),
    m: fc.nat(),
    amount: fc.integer({ min: 500, max: 1500 }),
    origin: fc.constant('redeemable' as const),
  }),
  fc.record({
    kind: fc.constant('campaign' as const),
    multiplier: fc.constantFrom(1, 2, 5),
    budget: fc.integer({ min: 1, max: 6_000 }),
    cap: fc.integer({ min: 1, max: 3_000 }),
  }),
  fc.record({
    kind: fc.constant('adjust' as const),
    m: fc.nat(),
    amount: fc.integer({ min: -600, max: 600 }).filter((n) => n !== 0),
    origin: fc.constantFrom('promotional', 'paid', 'redeemable'),
  }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

interface World {
  members: { id: number; username: string }[];
  invoice: number;
  /** The largest campaign budget and member cap set so far: the campaign may never pass them. */
  maxBudget: number;
  maxCap: number;
}

const pick = <T>(list: T[], n: number): T | undefined =>
  list.length ? list[n % list.length] : undefined;

async function liveMembers(world: World) {
  const alive = await rows<{ id: number }>(
    database.db,
    sql`SELECT id FROM users WHERE deleted_at IS NULL AND id = ANY(${`{${world.members.map((m) => m.id).join(',')}}`}::int[])
         ORDER BY id`,
  );
  const ids = new Set(alive.map((r) => r.id));
  return world.members.filter((m) => ids.has(m.id));
}

/** Every approved member has an auction in the open period (the period job's rule). */
async function openAuctions(now: Date, world: World) {
  const period = await ensureOpenPeriod(database.db, now);
  for (const m of await liveMembers(world)) {
    await database.db.execute(
      sql`INSERT INTO auctions (user_id, period_id) VALUES (${m.id}, ${period.id})
          ON CONFLICT (user_id, period_id) DO NOTHING`,
    );
  }
}

async function run(world: World, s: Step, clock: ReturnType<typeof testClock>) {
  const now = () => clock.clock();
  const ctx = { db: database.db, config, clock: now };
  const payments = {
    ...ctx,
    gateway: { provider: 'sandbox' },
    payouts: { provider: 'manual' },
  } as unknown as PaymentsContext;
  const members = await liveMembers(world);
  const m = 'm' in s ? pick(members, s.m) : undefined;
  switch (s.kind) {
    case 'claim':
      if (m)
        await database.db.transaction((tx) =>
          applyBalanceChange(tx, { userId: m.id, amount: 100, type: 'free_claim' }),
        );
      return;
    case 'referral': {
      const other = pick(members, s.other);
      if (m && other && other.id !== m.id)
        await database.db.transaction((tx) => awardReferralBonus(tx, m.id, other.id));
      return;
    }
    case 'buy_and_bid': {
      const owner = pick(members, s.owner);
      if (!m || !owner || owner.id === m.id) return;
      await run(world, { kind: 'purchase', m: s.m, bundle: s.bundle }, clock);
      const [auction] = await rows<{ id: number; current_bid: number }>(
        database.db,
        sql`SELECT a.id, a.current_bid FROM auctions a JOIN auction_periods p ON p.id = a.period_id
             WHERE a.user_id = ${owner.id} AND a.status = 'active' AND p.status = 'open'`,
      );
      const [bidder] = await rows<{ token_balance: number }>(
        database.db,
        sql`SELECT token_balance FROM users WHERE id = ${m.id}`,
      );
      if (!auction || bidder!.token_balance < auction.current_bid + 10) return;
      await placeBid(ctx, {
        auctionId: auction.id,
        bidderId: m.id,
        amount: Math.min(bidder!.token_balance, 99_999),
      });
      return;
    }
    case 'purchase': {
      if (!m) return;
      const [bundle] = await rows<{
        id: number;
        name: string;
        token_qty: number;
        cost_cents: number;
      }>(
        database.db,
        sql`SELECT id, name, token_qty, cost_cents FROM token_bundles ORDER BY sort_order, id
            OFFSET ${s.bundle} LIMIT 1`,
      );
      const invoice = `prop-${++world.invoice}-${Date.now() % 100000}`;
      await database.db.execute(
        sql`INSERT INTO payment_intents (user_id, bundle_id, item_name, quantity, tokens, amount_cents,
                                         provider, invoice_number)
            VALUES (${m.id}, ${bundle!.id}, ${bundle!.name}, 1, ${bundle!.token_qty},
                    ${bundle!.cost_cents}, 'sandbox', ${invoice})`,
      );
      await creditPayment(
        payments,
        {
          transactionId: invoice,
          kind: 'payment',
          state: 'approved',
          refTransactionId: null,
          amountCents: bundle!.cost_cents,
          invoiceNumber: invoice,
          authCode: null,
          card: null,
        },
        'client',
      );
      return;
    }
    case 'bid': {
      const owner = pick(members, s.owner);
      if (!m || !owner) return;
      const [auction] = await rows<{ id: number; current_bid: number }>(
        database.db,
        sql`SELECT a.id, a.current_bid FROM auctions a JOIN auction_periods p ON p.id = a.period_id
             WHERE a.user_id = ${owner.id} AND a.status = 'active' AND p.status = 'open'`,
      );
      if (!auction) return;
      await placeBid(ctx, {
        auctionId: auction.id,
        bidderId: m.id,
        amount: auction.current_bid + 10 + s.raise,
      });
      return;
    }
    case 'close':
      clock.set(new Date(now().getTime() + 1000));
      await closePeriod(database.db, now(), { force: true });
      clock.set(new Date(now().getTime() + 1000));
      await openAuctions(now(), world);
      return;
    case 'decide':
    case 'engage':
    case 'message': {
      const live = await rows<{ id: number; user_id: number; partner_id: number }>(
        database.db,
        sql`SELECT id, user_id, partner_id FROM connections ORDER BY id DESC`,
      );
      const c = pick(live, s.c);
      if (!c) return;
      if (s.kind === 'engage') {
        const [state] = await rows<{ status: string }>(
          database.db,
          sql`SELECT status FROM connections WHERE id = ${c.id}`,
        );
        if (state!.status === 'pending')
          await changeConnectionStatus(ctx, {
            connectionId: c.id,
            memberId: c.partner_id,
            status: 'accepted',
          });
        for (const [senderId, partnerId] of [
          [c.user_id, c.partner_id],
          [c.partner_id, c.user_id],
        ] as const) {
          await database.db.transaction((tx) =>
            recordMessageSent(tx, { senderId, partnerId, now: now() }),
          );
        }
      } else if (s.kind === 'decide') {
        const memberId = s.status === 'unmatched' && s.c % 2 ? c.user_id : c.partner_id;
        await changeConnectionStatus(ctx, { connectionId: c.id, memberId, status: s.status });
      } else {
        const [senderId, partnerId] = s.fromOwner
          ? [c.partner_id, c.user_id]
          : [c.user_id, c.partner_id];
        await database.db.transaction((tx) =>
          recordMessageSent(tx, { senderId, partnerId, now: now() }),
        );
      }
      return;
    }
    case 'later':
      clock.set(new Date(now().getTime() + s.hours * HOUR));
      await sweepConnections(ctx);
      return;
    case 'redeem': {
      // Among members who can redeem if there are any: most play leaves few earned tokens.
      const able = await rows<{ id: number; redeemable_tokens: number }>(
        database.db,
        sql`SELECT id, redeemable_tokens FROM users
             WHERE deleted_at IS NULL AND redeemable_tokens >= 500
               AND id = ANY(${`{${members.map((x) => x.id).join(',')}}`}::int[])
             ORDER BY id`,
      );
      const row = pick(able, s.m) ?? (m ? { id: m.id, redeemable_tokens: 0 } : undefined);
      if (!row) return;
      const tokens = Math.max(500, Math.floor(row.redeemable_tokens * s.share));
      await requestRedemption(payments, row.id, {
        token_amount: tokens,
        paypal_email: `member${row.id}@example.com`,
      });
      return;
    }
    case 'settle': {
      const pending = await rows<{ id: number }>(
        database.db,
        sql`SELECT id FROM redemptions WHERE status = 'pending' ORDER BY id`,
      );
      const r = pick(pending, s.r);
      if (!r) return;
      await settleRedemption(
        payments,
        r.id,
        s.paid ? { outcome: 'paid' } : { outcome: 'failed', reason: 'PayPal refused it' },
      );
      return;
    }
    case 'chargeback': {
      // Within the settlement hold: the window the processor's reversals are trusted to.
      const standing = await rows<{ transaction_id: string }>(
        database.db,
        sql`SELECT transaction_id FROM token_purchases
             WHERE status = 'completed'
               AND created_at > ${new Date(now().getTime() - SETTLEMENT_DAYS * 24 * HOUR)}
             ORDER BY id`,
      );
      const purchase = pick(standing, s.p);
      if (purchase)
        await reversePurchase(payments, {
          transactionId: purchase.transaction_id,
          reason: s.reason,
        });
      return;
    }
    case 'delete':
      // Keep a few members playing.
      if (m && members.length > 4) await deleteAccount(ctx, m.id);
      return;
    case 'campaign': {
      const on = s.multiplier > 1;
      await updateSettings(
        database.db,
        config,
        {
          token_redemption_multiplier: s.multiplier,
          redemption_campaign_budget_cents: on ? s.budget : 0,
          redemption_campaign_member_cap_cents: on ? s.cap : 0,
        },
        null,
      );
      if (on) {
        world.maxBudget = Math.max(world.maxBudget, s.budget);
        world.maxCap = Math.max(world.maxCap, s.cap);
      }
      return;
    }
    case 'adjust':
      if (m)
        await adjustTokens({ db: database.db }, m.username, s.amount, {
          paid: s.origin === 'paid',
          redeemable: s.origin === 'redeemable',
          // Tokens that can become cash come with their cash (at the base rate).
          cash: { cents: Math.abs(s.amount), reference: `prop-${s.amount}` },
        });
      return;
  }
}

/**
 * Cash out vs cash in, and the campaign's spending vs its budget and each member's 30-day
 * cap, in cents (fee 0).
 */
async function cashProblems(world: World, now: Date): Promise<string[]> {
  const since = new Date(now.getTime() - 30 * 24 * HOUR);
  const [cash] = await rows<{
    cash_in: number;
    cash_out: number;
    campaign_paid: number;
    campaign_held: number;
    member_most: number;
  }>(
    database.db,
    sql`SELECT
          (SELECT COALESCE(SUM(amount_cents), 0)::int FROM token_purchases WHERE status = 'completed')
            + (SELECT COALESCE(SUM(amount_cents), 0)::int FROM admin_cash_grants) AS cash_in,
          (SELECT COALESCE(SUM(amount_cents), 0)::int FROM redemptions WHERE status = 'paid') AS cash_out,
          (SELECT COALESCE(SUM(campaign_cents), 0)::int FROM redemptions WHERE status = 'paid')
            AS campaign_paid,
          (SELECT COALESCE(SUM(campaign_cents), 0)::int FROM redemptions WHERE status <> 'failed')
            AS campaign_held,
          (SELECT COALESCE(MAX(s), 0)::int FROM (
             SELECT SUM(campaign_cents) AS s FROM redemptions
              WHERE status <> 'failed' AND created_at > ${since} GROUP BY user_id) m) AS member_most`,
  );
  const { cash_in, cash_out, campaign_paid, campaign_held, member_most } = cash!;
  const problems: string[] = [];
  if (cash_out > cash_in + campaign_paid)
    problems.push(`paid out ${cash_out} cents > kept ${cash_in} + campaign ${campaign_paid}`);
  if (campaign_held > world.maxBudget)
    problems.push(`campaign holds ${campaign_held} cents > largest budget ${world.maxBudget}`);
  if (member_most > world.maxCap)
    problems.push(`a member got ${member_most} campaign cents in 30 days > cap ${world.maxCap}`);
  return problems;
}

describe.skipIf(!onPostgres)('the token economy under random play (PostgreSQL)', () => {
  it('keeps every balance, escrow and cent accounted for after each step', async () => {
    const clock = testClock('2026-03-02T15:00:00.000Z');
    const world: World = { members: [], invoice: 0, maxBudget: 0, maxCap: 0 };
    for (let i = 0; i < MEMBERS; i++) {
      const member = await buildBidder(database.db, 0);
      world.members.push({ id: member.id, username: member.username! });
    }
    await openAuctions(clock.clock(), world);
    let steps = 0;
    const refusals = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), async (play) => {
        for (const s of play) {
          try {
            await run(world, s, clock);
          } catch (error) {
            // A refused action (too few tokens, not pending, ...) is part of play.
            if (!(error instanceof AppError)) throw error;
            refusals.set(error.code, (refusals.get(error.code) ?? 0) + 1);
          }
          steps++;
          const problems = [
            ...(await ledgerProblems(database.db)),
            ...(await cashProblems(world, clock.clock())),
          ];
          if (problems.length)
            throw new Error(`after ${JSON.stringify(s)}: ${problems.join('; ')}`);
        }
      }),
      { numRuns: 30, seed: Number(process.env.ECONOMY_SEED ?? 19), endOnFailure: true },
    );
    const [played] = await rows<{
      rewards: number;
      redeemed: number;
      campaign: number;
      purchases: number;
      bids: number;
      reversed: number;
      clawed: number;
      leadsClawed: number;
      held: number;
      settled: number;
    }>(
      database.db,
      sql`SELECT (SELECT COUNT(*)::int FROM token_transactions WHERE transaction_type = 'win') AS rewards,
                 (SELECT COUNT(*)::int FROM redemptions) AS redeemed,
                 (SELECT COUNT(*)::int FROM redemptions WHERE campaign_cents > 0) AS campaign,
                 (SELECT COUNT(*)::int FROM token_purchases) AS purchases,
                 (SELECT COUNT(*)::int FROM bids) AS bids,
                 (SELECT COUNT(*)::int FROM token_purchases WHERE status <> 'completed') AS reversed,
                 (SELECT COUNT(*)::int FROM token_transactions
                   WHERE idempotency_key LIKE 'connection:%:clawback:%') AS clawed,
                 (SELECT COUNT(*)::int FROM token_transactions
                   WHERE idempotency_key LIKE 'auction:%:clawback:%') AS "leadsClawed",
                 (SELECT COUNT(*)::int FROM connections WHERE reward_settles_at IS NOT NULL) AS held,
                 (SELECT COUNT(*)::int FROM token_transactions
                   WHERE idempotency_key LIKE 'connection:%:settled') AS settled`,
    );
    console.info('economy property:', steps, 'steps', played, Object.fromEntries(refusals));
    // The play reached the interesting places, not only refusals.
    expect(played!.bids).toBeGreaterThan(20);
    expect(played!.purchases).toBeGreaterThan(5);
    expect(played!.rewards).toBeGreaterThan(3);
    expect(played!.redeemed).toBeGreaterThan(2);
    expect(played!.campaign).toBeGreaterThan(0);
    expect(played!.reversed).toBeGreaterThan(2);
    expect(played!.held).toBeGreaterThan(0);
    expect(played!.clawed).toBeGreaterThan(0);
    expect(played!.leadsClawed).toBeGreaterThan(0);
  }, 600_000);
});
