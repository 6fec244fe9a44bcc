// The bundle floor (product rules, The token economy): the shipped bundles sell no token
// below the cent it pays out; an admin's bundle price or payout fee that would break it
// is refused with a message naming the bundle, and nothing is saved.
import { bundleFloorViolation } from '@bidboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildBidder } from '../../../test/marketplace';
import { users } from '../../db/schema';
import { listBundles } from './bundles.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' });
});
afterAll(() => t?.close());

async function admin() {
  const row = await buildBidder(t.database.db, 0);
  const { token } = await signIn(t, row.phone_number);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, row.id));
  return { authorization: `Bearer ${token}` };
}

describe('the bundle floor', () => {
  it('holds for every shipped bundle', async () => {
    const bundles = await listBundles(t.database.db);
    expect(bundles.map((b) => b.name)).toEqual(['Starter', 'Popular', 'Best Value', 'High Roller']);
    for (const bundle of bundles) expect(bundleFloorViolation(bundle, 0)).toBeNull();
  });

  it('refuses a bundle price below the base value, naming the bundle, and saves a fair one', async () => {
    const headers = await admin();
    const [, popular] = await listBundles(t.database.db);
    const cheap = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/bundles/${popular!.id}`,
      headers,
      payload: { token_qty: 1200, cost_cents: 999 },
    });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().message).toBe(
      "The bundle 'Popular' would sell 1,200 tokens for $9.99, less than the $12.00 they pay out at the base rate. Price it at $12.00 or more.",
    );
    expect((await listBundles(t.database.db))[1]).toEqual(popular);
    const fair = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/bundles/${popular!.id}`,
      headers,
      payload: { token_qty: 1000, cost_cents: 1000 },
    });
    expect(fair.statusCode).toBe(200);
    expect(fair.json().bundle).toMatchObject({
      name: 'Popular',
      token_qty: 1000,
      cost_cents: 1000,
    });
  });

  it('refuses a payout fee of 0 once a bundle relies on the fee, naming that bundle', async () => {
    const headers = await admin();
    const settings = (body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: body });
    expect((await settings({ payout_fee_cents: 100 })).statusCode).toBe(200);
    const [starter] = await listBundles(t.database.db);
    // 500 tokens for $4.50 pays out $4.00 after the $1 fee: allowed while the fee stands.
    const priced = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/bundles/${starter!.id}`,
      headers,
      payload: { token_qty: 500, cost_cents: 450 },
    });
    expect(priced.statusCode).toBe(200);
    const lowered = await settings({ payout_fee_cents: 0 });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().message).toMatch(
      /^The bundle 'Starter' would sell 500 tokens for \$4\.50/,
    );
  });
});
