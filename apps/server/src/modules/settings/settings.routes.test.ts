// Business settings over HTTP: admins read and change them, the change is validated as a
// whole, and another server sharing the database uses the new value at once.
import { CAMPAIGN_MESSAGES } from '@bidboard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildBidder } from '../../../test/marketplace';
import { buildApp } from '../../app';
import { rows } from '../../db/client';
import { users } from '../../db/schema';

let t: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false', DAILY_CLAIM_AMOUNT: '100' });
  other = await buildApp({ config: t.config, database: t.database, sms: t.sms });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

async function member(role: 'member' | 'admin' = 'member') {
  const row = await buildBidder(t.database.db, 0);
  const { token } = await signIn(t, row.phone_number);
  // Sign-in sets the role from ADMIN_PHONES, so promote afterwards.
  if (role === 'admin') {
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, row.id));
  }
  return { ...row, headers: { authorization: `Bearer ${token}` } };
}

const put = (body: unknown, headers?: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', payload: body as object, headers });

describe('business settings', () => {
  it('refuses visitors (401) and members (403), before looking at the body', async () => {
    const m = await member();
    expect((await put({ daily_claim_amount: 'x' })).statusCode).toBe(401);
    expect((await put({ daily_claim_amount: 'x' }, m.headers)).statusCode).toBe(403);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settings',
      headers: m.headers,
    });
    expect(read.statusCode).toBe(403);
  });

  it('shows the defaults from the environment until an admin changes them', async () => {
    const admin = await member('admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settings',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({
      daily_claim_amount: 100,
      minimum_redeemable_threshold: 500,
      token_redemption_multiplier: 1,
      connection_expiry_hours: 48,
    });
  });

  it('refuses bad values and incoherent combinations, saving nothing', async () => {
    const admin = await member('admin');
    for (const body of [
      { daily_claim_amount: 0 },
      { daily_claim_amount: 1.5 },
      { token_redemption_multiplier: -1 },
      { unknown_setting: 1 },
      { connection_reminder_hours: 60 },
    ]) {
      const res = await put(body, admin.headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await put({ connection_reminder_hours: 60 }, admin.headers)).json().message).toBe(
      'The reminder must come before the expiry',
    );
    // A multiplier above 1 is a campaign: refused without a budget and a per-member cap.
    for (const body of [
      { token_redemption_multiplier: 5 },
      { token_redemption_multiplier: 5, redemption_campaign_budget_cents: 50_000 },
      { token_redemption_multiplier: 2, redemption_campaign_member_cap_cents: 1_000 },
      { redemption_campaign_budget_cents: -1 },
    ]) {
      const res = await put(body, admin.headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await put({ token_redemption_multiplier: 5 }, admin.headers)).json().message).toBe(
      CAMPAIGN_MESSAGES.needsBudget,
    );
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settings',
      headers: admin.headers,
    });
    expect(after.json().settings).toMatchObject({
      connection_reminder_hours: 24,
      token_redemption_multiplier: 1,
      redemption_campaign_budget_cents: 0,
    });
  });

  it('applies a change made on one server to the next claim on another', async () => {
    const admin = await member('admin');
    const res = await put(
      {
        daily_claim_amount: 40,
        token_redemption_multiplier: 5,
        redemption_campaign_budget_cents: 100_000,
        redemption_campaign_member_cap_cents: 5_000,
      },
      admin.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.daily_claim_amount).toBe(40);
    const audit = await rows<{ action: string; admin_id: number; before: object; after: object }>(
      t.database.db,
      sql`SELECT action, admin_id, before, after FROM admin_audit_log ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual([
      {
        action: 'settings.update',
        admin_id: admin.id,
        before: {
          daily_claim_amount: 100,
          token_redemption_multiplier: 1,
          redemption_campaign_budget_cents: 0,
          redemption_campaign_member_cap_cents: 0,
        },
        after: {
          daily_claim_amount: 40,
          token_redemption_multiplier: 5,
          redemption_campaign_budget_cents: 100_000,
          redemption_campaign_member_cap_cents: 5_000,
        },
      },
    ]);

    const m = await member();
    const claim = await other.inject({
      method: 'POST',
      url: '/api/claimTokens',
      headers: m.headers,
    });
    expect(claim.json().tokenBalance).toBe(40);
    const multiplier = await other.inject({
      method: 'GET',
      url: '/api/config/token-redemption-multiplier',
    });
    expect(multiplier.json()).toEqual({ token_redemption_multiplier: 5 });
  });
});
