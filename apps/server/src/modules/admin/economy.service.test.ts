// The economy report (`npm run admin -- economy`): issued tokens by origin, cash in and out,
// what is owed now at today's value, the campaign's budget, and the cash of paid grants.
import { GRANT_MESSAGES } from '@bidboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { buildBidder } from '../../../test/marketplace';
import { loadConfig } from '../../config';
import { updateSettings } from '../settings/settings.service';
import { applyBalanceChange } from '../tokens/ledger';
import { adjustTokens } from './admin.service';
import { economyReport } from './economy.service';

const config = loadConfig({ NODE_ENV: 'test' });

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
    const report = await economyReport(database.db, config, new Date());
    expect(report).toMatchObject({
      issued: { promotional: 200, purchased: 500, redeemable: 200 },
      cashInCents: 0,
      cashOutCents: 0,
      redeemableTokens: 200,
      redeemableValueCents: 200,
      owedNowCents: 200,
      campaign: { multiplier: 1, budgetCents: 0, budgetLeftCents: 0 },
    });
  });

  it('counts the cash of paid grants in, and values redeemable tokens with the budget left', async () => {
    const member = await buildBidder(database.db, 0);
    const before = await economyReport(database.db, config, new Date());
    await adjustTokens({ db: database.db }, member.username!, 1000, {
      redeemable: true,
      cash: { cents: 1200, reference: 'Invoice 7' },
    });
    await updateSettings(
      database.db,
      config,
      {
        token_redemption_multiplier: 3,
        redemption_campaign_budget_cents: 500,
        redemption_campaign_member_cap_cents: 500,
      },
      null,
    );
    const report = await economyReport(database.db, config, new Date());
    expect(report.cashInCents - before.cashInCents).toBe(1200);
    // 1,200 redeemable tokens: $12 at the base rate plus the $5 of budget left.
    expect(report.redeemableTokens).toBe(1200);
    expect(report.redeemableValueCents).toBe(1700);
    expect(report.campaign).toEqual({
      multiplier: 3,
      budgetCents: 500,
      memberCapCents: 500,
      budgetLeftCents: 500,
    });
    // No redeemable tokens without their cash.
    await expect(
      adjustTokens({ db: database.db }, member.username!, 1000, { paid: true }),
    ).rejects.toMatchObject({ status: 400, message: GRANT_MESSAGES.cashRequired });
    await expect(
      adjustTokens({ db: database.db }, member.username!, 1000, {
        redeemable: true,
        cash: { cents: 999, reference: 'Invoice 8' },
      }),
    ).rejects.toMatchObject({ status: 400, message: GRANT_MESSAGES.cashBelowFloor(1000) });
  });
});
