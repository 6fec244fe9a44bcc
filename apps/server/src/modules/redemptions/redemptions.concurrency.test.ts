// Real PostgreSQL, many connections: a member firing 100 redemptions at once never takes
// more than their redeemable tokens, parallel payout decisions each happen once, and the
// ledger stays exact.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { onPostgres } from '../../../test/database';
import { buildBidder, ledgerProblems } from '../../../test/marketplace';
import { rows } from '../../db/client';

const ADMIN = '+12125550196';
let t: TestApp;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ ADMIN_PHONES: ADMIN, RATE_LIMIT_MAX: '100000' }, { poolSize: 40 });
});
afterAll(() => t?.close());

async function signedIn(tokens: number, phone?: string) {
  const row = await buildBidder(t.database.db, tokens, phone ? { phone_number: phone } : {});
  const { token } = await signIn(t, row.phone_number);
  return { ...row, headers: { authorization: `Bearer ${token}` } };
}

describe.skipIf(!onPostgres)('redemptions under concurrency (PostgreSQL, pool 40)', () => {
  it('100 parallel redemptions never take more than the redeemable balance', async () => {
    const admin = await signedIn(0, ADMIN);
    const m = await signedIn(2000);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/tokens/adjustments',
      headers: admin.headers,
      payload: {
        username: m.username,
        amount: 5250,
        redeemable: true,
        cash_cents: 5250,
        cash_reference: 'Bank transfer 1',
        reason: 'Earnings',
      },
    });
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/redeem-tokens',
          headers: m.headers,
          payload: { token_amount: 500, paypal_email: 'many@example.com' },
        }),
      ),
    );
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    for (const r of responses.filter((res) => res.statusCode !== 200)) {
      expect(r.json()).toEqual({
        code: 'INSUFFICIENT_TOKENS',
        message: 'Insufficient redeemable tokens',
      });
    }
    const [after] = await rows<{ token_balance: number; redeemable_tokens: number }>(
      t.database.db,
      sql`SELECT token_balance, redeemable_tokens FROM users WHERE id = ${m.id}`,
    );
    expect(after).toEqual({ token_balance: 2250, redeemable_tokens: 250 });
    expect(await ledgerProblems(t.database.db)).toEqual([]);

    // Two admins deciding every request at once: each is decided exactly once.
    const ids = ok.map((r) => r.json().redemption.id as number);
    const decisions = await Promise.all(
      ids.flatMap((id, i) => [
        t.app.inject({
          method: 'POST',
          url: `/api/admin/redemptions/${id}/paid`,
          headers: admin.headers,
        }),
        t.app.inject({
          method: 'POST',
          url: `/api/admin/redemptions/${id}/failed`,
          headers: admin.headers,
          payload: { reason: `attempt ${i}` },
        }),
      ]),
    );
    expect(decisions.filter((d) => d.statusCode === 200)).toHaveLength(10);
    expect(decisions.filter((d) => d.statusCode === 409)).toHaveLength(10);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});
