// The console's members list and profile say where each member stands as a payee (issue
// 43): a payee profile on file, redemptions held until one is, and the year's payouts; the
// list filters on both; the profile shows the payee masked, never the whole id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionTokensFor, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';

const time = testClock('2026-06-10T15:00:00Z');
let t: TestApp;
let admin: Member;

type Member = Awaited<ReturnType<typeof signedIn>>;

async function signedIn(overrides: Parameters<typeof buildMember>[1] = {}) {
  const row = await buildMember(t.database.db, { is_approved: true, onboarded: 14, ...overrides });
  const [token] = await sessionTokensFor(t, [row.id], time.clock);
  return { ...row, headers: { authorization: `Bearer ${token}` } };
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, m: Member, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: m.headers, payload });

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

async function earner(cents: number) {
  const m = await signedIn();
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

const redeem = (m: Member, tokens: number) =>
  call('POST', '/redeem-tokens', m, { token_amount: tokens, paypal_email: 'me@example.com' });

const listed = async (payee: string) => {
  const res = await call('GET', `/admin/users?payee=${payee}&limit=100`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().members as { id: number; payee_profile_complete: boolean }[];
};

let withProfile: Member;
let held: Member;
let neither: Member;

beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: time.clock });
  admin = await signedIn({ role: 'admin' });
  const res = await call('PUT', '/admin/settings', admin, { redemption_risk_threshold: 1000 });
  expect(res.statusCode, res.body).toBe(200);
  withProfile = await earner(70_000);
  expect((await call('PUT', '/payee-identity', withProfile, PROFILE)).statusCode).toBe(200);
  const paid = (await redeem(withProfile, 65_000)).json().redemption.id;
  expect((await call('POST', `/admin/redemptions/${paid}/paid`, admin)).statusCode).toBe(200);
  await redeem(withProfile, 1_000);
  held = await earner(70_000);
  expect((await redeem(held, 60_500)).json().redemption.awaiting_payee_profile).toBe(true);
  neither = await earner(500);
});
afterAll(async () => t?.close());

describe('payee status in the console', () => {
  it('lists each member’s payee status and filters on it', async () => {
    const all = await listed('all');
    const status = (m: Member) => all.find((x) => x.id === m.id);
    expect(status(withProfile)).toMatchObject({
      payee_profile_complete: true,
      awaiting_payee_profile: 0,
    });
    expect(status(held)).toMatchObject({
      payee_profile_complete: false,
      awaiting_payee_profile: 1,
    });
    expect(status(neither)).toMatchObject({
      payee_profile_complete: false,
      awaiting_payee_profile: 0,
    });
    expect((await listed('payee_profile_complete')).map((m) => m.id)).toEqual([withProfile.id]);
    expect((await listed('awaiting_payee_profile')).map((m) => m.id)).toEqual([held.id]);
    expect((await call('GET', '/admin/users?payee=nobody', admin)).statusCode).toBe(400);
  });

  it('moves a member out of the held filter when they complete the profile', async () => {
    const later = await earner(70_000);
    await redeem(later, 60_500);
    expect((await listed('awaiting_payee_profile')).map((m) => m.id)).toContain(later.id);
    expect((await call('PUT', '/payee-identity', later, PROFILE)).statusCode).toBe(200);
    expect((await listed('awaiting_payee_profile')).map((m) => m.id)).not.toContain(later.id);
    expect((await listed('payee_profile_complete')).map((m) => m.id)).toContain(later.id);
  });

  it('shows the payee masked and the year’s payouts on the member’s profile', async () => {
    const res = await call('GET', `/admin/users/${withProfile.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member).toMatchObject({
      payee_profile_complete: true,
      payee: { legal_name: 'Avery Q. Lin', taxpayer_id_masked: '•••-••-6789', country: 'US' },
      payouts_year: { year: 2026, paid_cents: 65_000, payments: 1, pending_cents: 1_000 },
    });
    expect(res.body).not.toContain('123-45-6789');
    expect(res.body).not.toContain('123456789');
    const none = (await call('GET', `/admin/users/${neither.id}`, admin)).json().member;
    expect(none).toMatchObject({
      payee: null,
      payouts_year: { year: 2026, paid_cents: 0, payments: 0, pending_cents: 0 },
    });
  });
});
