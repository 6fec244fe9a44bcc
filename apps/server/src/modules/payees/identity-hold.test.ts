// The identity hold (issue 43; product rules, Payouts): a redemption that takes a member's
// payouts this year (New York calendar year, paid and pending) past
// payee_identity_threshold_cents is accepted but held, with the reason, until their payee
// profile is complete: the payout sender does not send it and no admin can mark it paid.
// At the threshold is not past it; a year's payouts stop counting when the year turns.
import { PAYEE_MESSAGES, REDEMPTION_MESSAGES } from '@bidboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionTokensFor, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import type { PayoutProvider, PayoutRequest } from '../../adapters/payouts/payouts.port';
import type { PaymentsContext } from '../payments/payments.context';
import { sweepPayouts } from '../redemptions/payouts.service';
import { settleRedemption } from '../redemptions/redemptions.service';

// Noon in New York on the year's last day: the year turns 12 hours later.
const time = testClock('2026-12-31T17:00:00Z');
const sent: PayoutRequest[] = [];
const paypal: PayoutProvider = {
  provider: 'paypal',
  submit: async (request) => {
    sent.push(request);
    return { batchId: `batch-${request.redemptionId}`, status: 'PENDING' };
  },
};
let t: TestApp;
let ctx: PaymentsContext;
let admin: Headers;

type Headers = { authorization: string };

async function signedIn(overrides: Parameters<typeof buildMember>[1] = {}) {
  const row = await buildMember(t.database.db, { is_approved: true, onboarded: 14, ...overrides });
  const [token] = await sessionTokensFor(t, [row.id], time.clock);
  return { ...row, headers: { authorization: `Bearer ${token}` } };
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers?: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });

beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: time.clock, payouts: paypal });
  ctx = {
    db: t.database.db,
    config: t.config,
    clock: time.clock,
    payouts: paypal,
  } as PaymentsContext;
  admin = (await signedIn({ role: 'admin' })).headers;
  // The risk review is not what these tests are about: nothing it raises holds here.
  const res = await call('PUT', '/admin/settings', admin, { redemption_risk_threshold: 1000 });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t?.close());

/** A member with `cents` redeemable tokens (1 cent each), earned through an audited grant. */
async function earner(cents: number, overrides: Parameters<typeof buildMember>[1] = {}) {
  const m = await signedIn(overrides);
  const res = await call('POST', '/admin/tokens/adjustments', admin, {
    username: m.username,
    amount: cents,
    redeemable: true,
    cash_cents: cents,
    cash_reference: 'Bank transfer 7',
    reason: 'Earnings credited by hand',
  });
  expect(res.statusCode, res.body).toBe(200);
  return m;
}

const redeem = (m: { headers: Headers }, tokens: number) =>
  call('POST', '/redeem-tokens', m.headers, {
    token_amount: tokens,
    paypal_email: 'me@example.com',
  });

async function adminView(id: number) {
  const res = await call('GET', '/admin/redemptions?status=pending&limit=200', admin);
  return res.json().redemptions.find((r: { id: number }) => r.id === id);
}

const PROFILE = {
  legal_name: 'Avery Q. Lin',
  address_line1: '9 Water Street',
  city: 'Hoboken',
  region: 'NJ',
  postal_code: '07030',
  country: 'US',
  taxpayer_id_type: 'ssn',
  taxpayer_id: '123-45-6789',
  certified: true,
};

const sentIds = () => sent.map((s) => s.redemptionId);

/** The request sends at once in the background; the sweep catches anything it missed. */
async function expectSent(id: number) {
  await sweepPayouts(ctx);
  await expect.poll(sentIds).toContain(id);
}

async function expectNotSent(id: number) {
  await sweepPayouts(ctx);
  expect(sentIds()).not.toContain(id);
}

describe('the identity hold', () => {
  it('leaves a redemption at the threshold alone and holds the one past it, accepted, with the reason', async () => {
    const m = await earner(61_000);
    const at = await redeem(m, 60_000);
    expect(at.json()).toMatchObject({
      message: REDEMPTION_MESSAGES.submitted,
      redemption: { amount_cents: 60_000, awaiting_payee_profile: false },
    });
    const past = await redeem(m, 500);
    expect(past.statusCode).toBe(200);
    expect(past.json()).toMatchObject({
      message: PAYEE_MESSAGES.identityHold(60_000),
      newRedeemableBalance: 500,
      redemption: { amount_cents: 500, awaiting_payee_profile: true, status: 'pending' },
    });
    expect(past.json().message).toContain('$600.00');
    const heldId = past.json().redemption.id;
    await expectSent(at.json().redemption.id);
    await expectNotSent(heldId);
    expect(await adminView(heldId)).toMatchObject({
      awaiting_payee_profile: true,
      payee_profile_complete: false,
    });
    const paid = await call('POST', `/admin/redemptions/${heldId}/paid`, admin);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(PAYEE_MESSAGES.awaitingProfile);

    // Completing the profile releases it: the next sweep sends it.
    expect((await call('PUT', '/payee-identity', m.headers, PROFILE)).statusCode).toBe(200);
    expect(await adminView(heldId)).toMatchObject({
      awaiting_payee_profile: false,
      payee_profile_complete: true,
    });
    await expectSent(heldId);
  });

  it('holds a single redemption that alone goes past the threshold, and never holds a member with a profile', async () => {
    const without = await earner(70_000);
    const held = (await redeem(without, 60_010)).json().redemption;
    expect(held.awaiting_payee_profile).toBe(true);
    await expectNotSent(held.id);
    const withProfile = await earner(70_000);
    await call('PUT', '/payee-identity', withProfile.headers, PROFILE);
    const res = await redeem(withProfile, 60_010);
    expect(res.json()).toMatchObject({
      message: REDEMPTION_MESSAGES.submitted,
      redemption: { awaiting_payee_profile: false },
    });
    await expectSent(res.json().redemption.id);
  });

  it('is a setting, kept below the 1099-NEC threshold', async () => {
    const raise = await call('PUT', '/admin/settings', admin, {
      payee_identity_threshold_cents: 100_000,
    });
    expect(raise.statusCode, raise.body).toBe(200);
    const m = await earner(70_000);
    expect((await redeem(m, 60_010)).json().redemption.awaiting_payee_profile).toBe(false);
    const tooHigh = await call('PUT', '/admin/settings', admin, {
      payee_identity_threshold_cents: 200_000,
    });
    expect(tooHigh.statusCode).toBe(400);
    await call('PUT', '/admin/settings', admin, { payee_identity_threshold_cents: 60_000 });
  });

  it('pays a member in the United States $5 without a payee profile: below the setting nothing waits', async () => {
    const us = await earner(2_000, { postal_code: '07030', country: 'US' });
    expect((await call('GET', '/payouts/year-to-date', us.headers)).json()).toMatchObject({
      identity_threshold_cents: 60_000,
      payee_country: 'US',
      payee_profile_complete: false,
    });
    const small = await redeem(us, 500);
    expect(small.json()).toMatchObject({
      message: REDEMPTION_MESSAGES.submitted,
      redemption: { amount_cents: 500, awaiting_payee_profile: false },
    });
    // The payout sender sends it: nothing waits for a profile.
    await expectSent(small.json().redemption.id);
    // Past the setting, a US member's hold keeps its words: the amount it passes.
    const big = await redeem(await earner(70_000, { postal_code: '07030', country: 'US' }), 60_010);
    expect(big.json().message).toBe(PAYEE_MESSAGES.identityHold(60_000));
  });

  it('holds a Canadian member’s $5 payout until the payee profile: Part XX reports any amount', async () => {
    const montreal = { postal_code: 'H2X 1Y4', country: 'CA' };
    const m = await earner(2_000, montreal);
    expect((await call('GET', '/payouts/year-to-date', m.headers)).json()).toMatchObject({
      paid_cents: 0,
      identity_threshold_cents: 0,
      payee_country: 'CA',
      payee_profile_complete: false,
    });
    const small = await redeem(m, 500);
    expect(small.json()).toMatchObject({
      message: PAYEE_MESSAGES.identityHoldAny,
      redemption: { amount_cents: 500, awaiting_payee_profile: true },
    });
    await expectNotSent(small.json().redemption.id);
    expect(
      (await call('POST', `/admin/redemptions/${small.json().redemption.id}/paid`, admin))
        .statusCode,
    ).toBe(409);
    const profile = {
      ...PROFILE,
      first_name: 'Avery',
      last_name: 'Lin',
      address_line1: '1200 rue Sainte-Catherine',
      city: 'Montréal',
      region: 'QC',
      postal_code: 'H3B 1K9',
      country: 'CA',
      taxpayer_id_type: 'sin',
      taxpayer_id: '130 692 544',
    };
    expect((await call('PUT', '/payee-identity', m.headers, profile)).statusCode).toBe(200);
    await expectSent(small.json().redemption.id);
  });

  it('goes by the payee profile’s country before the postal code’s', async () => {
    // A member living in New Jersey who is paid as a Canadian resident: every payout counts.
    const m = await earner(2_000, { postal_code: '07030', country: 'US' });
    const profile = {
      ...PROFILE,
      first_name: 'Avery',
      last_name: 'Lin',
      address_line1: '1200 rue Sainte-Catherine',
      city: 'Montréal',
      region: 'QC',
      postal_code: 'H3B 1K9',
      country: 'CA',
      taxpayer_id_type: 'sin',
      taxpayer_id: '130 692 544',
    };
    expect((await call('PUT', '/payee-identity', m.headers, profile)).statusCode).toBe(200);
    expect((await call('GET', '/payouts/year-to-date', m.headers)).json()).toMatchObject({
      identity_threshold_cents: 0,
      payee_country: 'CA',
      payee_profile_complete: true,
    });
    // A member in Ontario whose payee profile is American keeps the setting.
    const n = await earner(2_000, { postal_code: 'M5V 2T6', country: 'CA' });
    expect((await call('PUT', '/payee-identity', n.headers, PROFILE)).statusCode).toBe(200);
    expect((await call('GET', '/payouts/year-to-date', n.headers)).json()).toMatchObject({
      identity_threshold_cents: 60_000,
      payee_country: 'US',
    });
  });

  it('tells a US payee held at a setting of 0 what it passes, not that every payout is reported', async () => {
    const zero = await call('PUT', '/admin/settings', admin, { payee_identity_threshold_cents: 0 });
    expect(zero.statusCode, zero.body).toBe(200);
    try {
      const us = await earner(2_000, { postal_code: '07030', country: 'US' });
      expect((await call('GET', '/payouts/year-to-date', us.headers)).json()).toMatchObject({
        identity_threshold_cents: 0,
        payee_country: 'US',
      });
      const held = await redeem(us, 500);
      expect(held.json()).toMatchObject({
        message: PAYEE_MESSAGES.identityHold(0),
        redemption: { awaiting_payee_profile: true },
      });
    } finally {
      await call('PUT', '/admin/settings', admin, { payee_identity_threshold_cents: 60_000 });
    }
  });

  it('counts payouts by New York calendar year: last year’s paid ones stop counting at midnight', async () => {
    const m = await earner(99_000);
    const first = (await redeem(m, 60_000)).json().redemption;
    await expectSent(first.id);
    await settleRedemption(ctx, first.id, { outcome: 'paid' });
    expect((await call('GET', '/payouts/year-to-date', m.headers)).json()).toEqual({
      success: true,
      year: 2026,
      paid_cents: 60_000,
      payments: 1,
      pending_cents: 0,
      identity_threshold_cents: 60_000,
      // The factory's member has no postal code country and no payee profile.
      payee_country: null,
      payee_profile_complete: false,
    });
    const statement = (await call('GET', '/payouts/statement?year=2026', m.headers)).json();
    expect(statement).toMatchObject({
      year: 2026,
      payer: 'Bidboard Labs LLC',
      payee: null,
      payments: [{ id: first.id, amount_cents: 60_000, fee_cents: 0 }],
      total_cents: 60_000,
      fee_total_cents: 0,
    });
    const next = (await call('GET', '/payouts/statement?year=2027', m.headers)).json();
    expect(next).toMatchObject({ payments: [], total_cents: 0 });
    time.set('2027-01-01T04:59:59Z');
    expect((await redeem(m, 500)).json().redemption.awaiting_payee_profile).toBe(true);
    time.set('2027-01-01T05:00:00Z');
    const ytd = (await call('GET', '/payouts/year-to-date', m.headers)).json();
    expect(ytd).toMatchObject({ year: 2027, paid_cents: 0, payments: 0, pending_cents: 500 });
    // 500 pending + 38,000 is under $600 in the new year.
    expect((await redeem(m, 38_000)).json().redemption.awaiting_payee_profile).toBe(false);
  });
});
