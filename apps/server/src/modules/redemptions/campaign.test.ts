// The campaign (product rules, The token economy): a multiplier above 1 pays its extra from
// a budget and a per-member 30-day cap. The quote shows the value before the member
// confirms; the request takes from the budget under a lock, so parallel requests never
// both get its last cents; a failed redemption gives its part back; once the budget is
// spent the pitch's multiplier falls back to 1.
import { CAMPAIGN_MESSAGES, REDEMPTION_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { onPostgres } from '../../../test/database';
import { buildBidder, ledgerProblems } from '../../../test/marketplace';
import { rows } from '../../db/client';

const ADMIN = '+12125550193';
let t: TestApp;
let admin: Awaited<ReturnType<typeof earner>>;

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_PHONES: ADMIN, SWEEPER_ENABLED: 'false', RATE_LIMIT_MAX: '100000' },
    onPostgres ? { poolSize: 20 } : {},
  );
  admin = await earner(0, ADMIN);
});
afterAll(() => t?.close());

type Headers = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PUT', path: string, headers?: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api${path}`, headers, payload });

/** A signed-in member with `redeemable` earned tokens (a paid grant with its cash). */
async function earner(redeemable: number, phone?: string) {
  const row = await buildBidder(t.database.db, 0, phone ? { phone_number: phone } : {});
  const { token } = await signIn(t, row.phone_number);
  const headers = { authorization: `Bearer ${token}` };
  if (redeemable > 0) {
    const res = await call('POST', '/admin/tokens/adjustments', admin.headers, {
      username: row.username,
      amount: redeemable,
      redeemable: true,
      cash_cents: redeemable,
      cash_reference: `Transfer for ${row.username}`,
      reason: 'Earnings',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { ...row, headers };
}

async function campaign(multiplier: number, budget: number, cap: number) {
  const res = await call('PUT', '/admin/settings', admin.headers, {
    token_redemption_multiplier: multiplier,
    redemption_campaign_budget_cents: budget,
    redemption_campaign_member_cap_cents: cap,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const redeem = (m: { headers: Headers }, tokens: number, expected?: number) =>
  call('POST', '/redeem-tokens', m.headers, {
    token_amount: tokens,
    paypal_email: 'me@example.com',
    ...(expected === undefined ? {} : { expected_cents: expected }),
  });
const quote = (m: { headers: Headers }, tokens: number | string) =>
  call('GET', `/redemptions/quote?tokens=${tokens}`, m.headers);

// Each test starts a fresh campaign: earlier redemptions no longer count against its budget.
beforeEach(async () => {
  await t.database.db.execute(sql`UPDATE redemptions SET campaign_cents = 0 WHERE TRUE`);
  await campaign(1, 0, 0);
});

describe('the redemption quote', () => {
  it('is for signed-in members, with the amount checked', async () => {
    expect((await call('GET', '/redemptions/quote?tokens=500')).statusCode).toBe(401);
    const m = await earner(0);
    for (const bad of ['0', '-5', '1.5', 'abc', '100000']) {
      const res = await quote(m, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(REDEMPTION_MESSAGES.invalidAmount);
    }
  });

  it('values tokens at the base rate without a campaign, and splits campaign and base with one', async () => {
    const m = await earner(2000);
    expect((await quote(m, 1000)).json()).toEqual({
      success: true,
      tokens: 1000,
      base_cents: 1000,
      campaign_cents: 0,
      amount_cents: 1000,
      multiplier: 1,
      fee_cents: 0,
      campaign_left_cents: 0,
      budget_spent: false,
    });
    await campaign(5, 10_000, 2_500);
    // 1,000 tokens at 5X: $10 base and $40 extra, of which the member's cap allows $25.
    expect((await quote(m, 1000)).json()).toMatchObject({
      base_cents: 1000,
      campaign_cents: 2500,
      amount_cents: 3500,
      multiplier: 5,
      campaign_left_cents: 2_500,
      budget_spent: false,
    });
    expect((await quote(m, 500)).json()).toMatchObject({
      campaign_cents: 2000,
      amount_cents: 2500,
    });
  });

  it('is what the redemption pays; the cap and the budget run down and come back on failure', async () => {
    await campaign(5, 3_000, 2_500);
    const a = await earner(3000);
    const b = await earner(3000);
    const first = await redeem(a, 500, 2500);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().redemption).toMatchObject({ amount_cents: 2500, campaign_cents: 2000 });
    // a has $5 of cap left; the budget has $10 left.
    expect((await quote(a, 500)).json()).toMatchObject({
      campaign_cents: 500,
      amount_cents: 1000,
      campaign_left_cents: 500,
      budget_spent: false,
    });
    // b's quote was $25; the budget has only $10 left: refused with the new value, not paid less.
    const changed = await redeem(b, 500, 2500);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(CAMPAIGN_MESSAGES.valueChanged(1500));
    const second = await redeem(b, 500, 1500);
    expect(second.json().redemption).toMatchObject({ amount_cents: 1500, campaign_cents: 1000 });
    // The budget is spent: base rate, and the pitch's multiplier is 1 again.
    expect((await quote(a, 500)).json()).toMatchObject({
      campaign_cents: 0,
      amount_cents: 500,
      campaign_left_cents: 0,
      budget_spent: true,
    });
    expect((await call('GET', '/config/token-redemption-multiplier')).json()).toEqual({
      token_redemption_multiplier: 1,
    });
    // A failed redemption gives its campaign part back.
    const failed = await call(
      'POST',
      `/admin/redemptions/${second.json().redemption.id}/failed`,
      admin.headers,
      { reason: 'PayPal refused it' },
    );
    expect(failed.statusCode, failed.body).toBe(200);
    expect((await quote(b, 500)).json()).toMatchObject({
      campaign_cents: 1000,
      campaign_left_cents: 1000,
    });
    expect((await call('GET', '/config/token-redemption-multiplier')).json()).toEqual({
      token_redemption_multiplier: 5,
    });
  });

  it('tells a member their own campaign room, never the budget left for everyone', async () => {
    await campaign(5, 987_654, 2_500);
    const m = await earner(1000);
    const res = await quote(m, 100);
    expect(res.json()).toMatchObject({ campaign_cents: 400, campaign_left_cents: 2_500 });
    // Nothing in the answer carries the campaign's budget, under any name.
    expect(res.body).not.toContain('987654');
    expect(res.body).not.toContain('budget_left');
    const partly = await earner(3000);
    await campaign(5, 1_500, 2_500);
    // The budget is below this member's cap: what is left for them is what is left at all.
    expect((await quote(partly, 1000)).json()).toMatchObject({
      campaign_cents: 1_500,
      campaign_left_cents: 1_500,
    });
  });

  it('counts the member cap over the last 30 days only', async () => {
    await campaign(2, 100_000, 1_000);
    const m = await earner(3000);
    expect((await redeem(m, 1000)).json().redemption.campaign_cents).toBe(1000);
    expect((await quote(m, 1000)).json().campaign_cents).toBe(0);
    await t.database.db.execute(
      sql`UPDATE redemptions SET created_at = now() - interval '31 days' WHERE user_id = ${m.id}`,
    );
    expect((await quote(m, 1000)).json().campaign_cents).toBe(1000);
  });
});

describe.skipIf(!onPostgres)('the campaign budget under parallel requests (PostgreSQL)', () => {
  it('two redemptions racing for the last of the budget never both get it', async () => {
    for (let round = 0; round < 5; round++) {
      await t.database.db.execute(sql`UPDATE redemptions SET campaign_cents = 0 WHERE TRUE`);
      await campaign(5, 2_000, 10_000);
      const [a, b] = [await earner(500), await earner(500)];
      const [ra, rb] = await Promise.all([redeem(a, 500), redeem(b, 500)]);
      const parts = [ra, rb].map((r) => r.json().redemption.campaign_cents).sort();
      expect(parts).toEqual([0, 2000]);
    }
  });

  it('many members and one member many times never pass the budget or the cap', async () => {
    await campaign(3, 7_000, 2_500);
    const many = await Promise.all(Array.from({ length: 8 }, () => earner(1500)));
    const greedy = await earner(5000);
    const responses = await Promise.all([
      ...many.map((m) => redeem(m, 500)),
      ...Array.from({ length: 8 }, () => redeem(greedy, 500)),
    ]);
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const [spent] = await rows<{ total: number; greedy: number }>(
      t.database.db,
      sql`SELECT COALESCE(SUM(campaign_cents), 0)::int AS total,
                 COALESCE(SUM(campaign_cents) FILTER (WHERE user_id = ${greedy.id}), 0)::int AS greedy
            FROM redemptions WHERE status <> 'failed'`,
    );
    expect(spent!.total).toBe(7_000);
    expect(spent!.greedy).toBeLessThanOrEqual(2_500);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});
