// The economy report (`npm run admin -- economy`): issued tokens by origin, cash in and out,
// and what is owed now at today's value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { buildBidder } from '../../../test/marketplace';
import { loadConfig } from '../../config';
import { applyBalanceChange } from '../tokens/ledger';
import { economyReport } from './economy.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('economy report', () => {
  it('counts issued tokens by origin and values what is owed', async () => {
    const member = await buildBidder(database.db, 0);
    await database.db.transaction(async (tx) => {
      await applyBalanceChange(tx, { userId: member.id, amount: 100, type: 'signup' });
      await applyBalanceChange(tx, { userId: member.id, amount: 500, type: 'purchase' });
      await applyBalanceChange(tx, {
        userId: member.id,
        amount: 300,
        parts: { promotional: 100, purchased: 0, redeemable: 200 },
        type: 'adjustment',
      });
    });
    const report = await economyReport(database.db, loadConfig({ NODE_ENV: 'test' }));
    expect(report).toMatchObject({
      issued: { promotional: 200, purchased: 500, redeemable: 200 },
      cashInCents: 0,
      cashOutCents: 0,
      redeemableTokens: 200,
      redeemableValueCents: 200,
      owedNowCents: 200,
    });
  });
});
