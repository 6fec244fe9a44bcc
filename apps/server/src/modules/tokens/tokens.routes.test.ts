// Daily claim and transaction history over HTTP.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildBidder, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { ensureOpenPeriod } from '../auctions/periods.service';
import { placeBid } from '../bids/bids.service';

// 23:30 in New York on July 3rd is already July 4th in UTC.
const clock = testClock('2025-07-04T03:30:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { SWEEPER_ENABLED: 'false', DAILY_CLAIM_AMOUNT: '75' },
    { clock: clock.clock },
  );
});
afterAll(() => t.close());

async function member(tokens: number) {
  const row = await buildBidder(t.database.db, tokens, { username: `tok${Date.now() % 100000}` });
  const { token } = await signIn(t, row.phone_number);
  return { ...row, headers: { authorization: `Bearer ${token}` } };
}

describe('daily claim', () => {
  it('credits once per New York day, even for a burst of parallel clicks', async () => {
    const m = await member(0);
    const check = () =>
      t.app.inject({ method: 'GET', url: '/api/checkTokens', headers: m.headers });
    expect((await check()).json()).toEqual({
      claimed: false,
      message: 'Daily tokens available to claim.',
    });

    const clicks = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({ method: 'POST', url: '/api/claimTokens', headers: m.headers }),
      ),
    );
    const ok = clicks.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json()).toEqual({
      success: true,
      message: 'Daily tokens claimed!',
      tokenBalance: 75,
    });
    for (const r of clicks.filter((c) => c.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('Daily token claim already completed.');
    }
    const ledger = await rows<{ idempotency_key: string }>(
      t.database.db,
      sql`SELECT idempotency_key FROM token_transactions WHERE user_id = ${m.id} AND transaction_type = 'free_claim'`,
    );
    expect(ledger).toEqual([{ idempotency_key: `free_claim:${m.id}:2025-07-03` }]);
    expect((await check()).json().claimed).toBe(true);

    // Midnight in New York (04:00 UTC in summer) opens the next day's claim.
    clock.set('2025-07-04T04:00:00Z');
    expect((await check()).json().claimed).toBe(false);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/claimTokens',
      headers: m.headers,
    });
    expect(next.json().tokenBalance).toBe(150);
  });

  it('answers a visitor, or an ended session, 401 with the spec message', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-session' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/claimTokens', headers });
      expect([res.statusCode, res.json().message]).toEqual([401, 'User not authenticated']);
    }
  });
});

describe('transactions', () => {
  it('lists the ledger newest first with the bid target', async () => {
    const period = await ensureOpenPeriod(t.database.db, clock.clock());
    const owner = await buildBidder(t.database.db, 0, { username: 'targetowner' });
    const m = await member(400);
    const [a] = await rows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO auctions (user_id, period_id) VALUES (${owner.id}, ${period.id}) RETURNING id`,
    );
    await placeBid(
      { db: t.database.db, clock: clock.clock },
      { auctionId: a!.id, bidderId: m.id, amount: 50 },
    );

    const res = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: m.headers });
    const { transactions } = res.json();
    expect(transactions).toHaveLength(2);
    expect(transactions[0]).toMatchObject({
      amount: -50,
      balance_after: 350,
      transaction_type: 'bid',
      status: 'completed',
      bid_target_id: owner.id,
      bidTarget: { username: 'targetowner' },
      bid: { auction: { id: a!.id, creator: { username: 'targetowner' } } },
    });
    expect(transactions[1]).toMatchObject({
      amount: 400,
      transaction_type: 'adjustment',
      bidTarget: null,
    });
    const paged = await t.app.inject({
      method: 'GET',
      url: '/api/transactions?limit=1&offset=1',
      headers: m.headers,
    });
    expect(paged.json().transactions.map((x: { amount: number }) => x.amount)).toEqual([400]);
  });
});
