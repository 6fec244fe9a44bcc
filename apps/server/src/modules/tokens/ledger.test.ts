import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../../test/database';
import { buildMember } from '../../../test/factories';
import { rows } from '../../db/client';
import { applyBalanceChange } from './ledger';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 25 });
});
afterAll(() => database.close());

async function balances(userId: number) {
  const [row] = await rows<{
    token_balance: number;
    redeemable_tokens: number;
    ledger_sum: number;
  }>(
    database.db,
    sql`SELECT token_balance, redeemable_tokens,
               (SELECT COALESCE(SUM(amount), 0)::int FROM token_transactions WHERE user_id = u.id) AS ledger_sum
          FROM users u WHERE id = ${userId}`,
  );
  return row!;
}

describe('applyBalanceChange', () => {
  it('credits, records balance_after and refuses to go below zero', async () => {
    const member = await buildMember(database.db);
    const entry = await database.db.transaction((tx) =>
      applyBalanceChange(tx, { userId: member.id, amount: 100, type: 'free_claim' }),
    );
    expect(entry).toMatchObject({ amount: 100, balance_after: 100, redeemable_after: 0 });
    await expect(
      database.db.transaction((tx) =>
        applyBalanceChange(tx, { userId: member.id, amount: -101, type: 'bid' }),
      ),
    ).rejects.toMatchObject({
      code: 'INSUFFICIENT_TOKENS',
      status: 400,
      message: 'Insufficient tokens',
    });
    expect(await balances(member.id)).toEqual({
      token_balance: 100,
      redeemable_tokens: 0,
      ledger_sum: 100,
    });
  });

  it('spends non-redeemable tokens first and rewards add to both balances', async () => {
    const member = await buildMember(database.db);
    await database.db.transaction(async (tx) => {
      await applyBalanceChange(tx, { userId: member.id, amount: 100, type: 'signup' });
      await applyBalanceChange(tx, {
        userId: member.id,
        amount: 50,
        parts: { promotional: 0, purchased: 0, redeemable: 50 },
        type: 'win',
      });
    });
    expect(await balances(member.id)).toMatchObject({ token_balance: 150, redeemable_tokens: 50 });
    await database.db.transaction((tx) =>
      applyBalanceChange(tx, { userId: member.id, amount: -100, type: 'bid' }),
    );
    expect(await balances(member.id)).toMatchObject({ token_balance: 50, redeemable_tokens: 50 });
    await database.db.transaction((tx) =>
      applyBalanceChange(tx, { userId: member.id, amount: -20, type: 'bid' }),
    );
    expect(await balances(member.id)).toMatchObject({
      token_balance: 30,
      redeemable_tokens: 30,
      ledger_sum: 30,
    });
    await expect(
      database.db.transaction((tx) =>
        applyBalanceChange(tx, {
          userId: member.id,
          amount: -40,
          parts: { promotional: 0, purchased: 0, redeemable: -40 },
          type: 'redemption',
        }),
      ),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_TOKENS' });
  });

  it('applies a change with an idempotency key once', async () => {
    const member = await buildMember(database.db);
    const apply = () =>
      database.db.transaction((tx) =>
        applyBalanceChange(tx, {
          userId: member.id,
          amount: 250,
          type: 'referral2',
          idempotencyKey: `k-${member.id}`,
        }),
      );
    const results = await Promise.all([apply(), apply(), apply()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await balances(member.id)).toMatchObject({ token_balance: 250, ledger_sum: 250 });
  });

  it.skipIf(!onPostgres)(
    'keeps balance == ledger sum and never negative under many concurrent changes (real PostgreSQL)',
    async () => {
      const member = await buildMember(database.db);
      await database.db.transaction((tx) =>
        applyBalanceChange(tx, { userId: member.id, amount: 500, type: 'adjustment' }),
      );
      const amounts = Array.from({ length: 400 }, (_, i) => (i % 3 === 0 ? 40 : -30));
      const outcomes = await Promise.allSettled(
        amounts.map((amount) =>
          database.db.transaction((tx) =>
            applyBalanceChange(tx, {
              userId: member.id,
              amount,
              type: amount > 0 ? 'refund' : 'bid',
            }),
          ),
        ),
      );
      const applied = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [amounts[i]!] : []));
      const refused = outcomes.filter((o) => o.status === 'rejected');
      for (const r of refused)
        expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_TOKENS' });
      const after = await balances(member.id);
      expect(after.token_balance).toBe(500 + applied.reduce((a, b) => a + b, 0));
      expect(after.token_balance).toBe(after.ledger_sum);
      const [{ negatives }] = (await rows<{ negatives: number }>(
        database.db,
        sql`SELECT count(*)::int AS negatives FROM token_transactions WHERE user_id = ${member.id} AND balance_after < 0`,
      )) as [{ negatives: number }];
      expect(negatives).toBe(0);
    },
  );
});
