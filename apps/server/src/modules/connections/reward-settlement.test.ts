// The settlement hold (issue 41; product rules, The token economy): what a bid of
// purchased tokens earns its owner is not cash until the bidder's card purchase can no
// longer be taken back. On main the owner of a bid of 1,200 bought tokens could redeem
// them the moment both had written; now they wait purchase_settlement_days (14) after the
// purchase, shown on the owner's card, and turn redeemable when the hold ends, by the
// sweeper or at the owner's redemption, whichever comes first; the history says so too.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { buyTokens, engage, pendingConnection, stageContext } from '../../../test/settlement';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { economyTotals } from '../admin/economy.repository';
import { requestRedemption } from '../redemptions/redemptions.service';
import { updateSettings } from '../settings/settings.service';
import { memberTransactions } from '../tokens/transactions.repository';
import { sweepConnections } from './connection-sweep.service';
import { connectionFor } from './connections-list.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const DAY = 24 * 60 * 60 * 1000;

const balances = async (id: number) =>
  (
    await rows<{ token_balance: number; redeemable_tokens: number }>(
      database.db,
      sql`SELECT token_balance, redeemable_tokens FROM users WHERE id = ${id}`,
    )
  )[0];

async function boughtReward(startIso: string) {
  const clock = testClock(startIso);
  const ctx = stageContext(database.db, clock.clock);
  const buyer = await buildBidder(database.db, 0);
  const owner = await buildBidder(database.db, 0);
  const bought = clock.clock();
  await buyTokens(ctx, buyer.id, 1200);
  const connection = await pendingConnection(ctx, clock, buyer.id, owner.id, 1200);
  clock.set(new Date(clock.clock().getTime() + 60 * 60 * 1000));
  await engage(ctx, connection);
  return { clock, ctx, buyer, owner, bought, connection };
}

const redeem = (ctx: ReturnType<typeof stageContext>, userId: number, tokens: number) =>
  requestRedemption(ctx, userId, { token_amount: tokens, paypal_email: 'owner@example.com' });

describe('the settlement hold', () => {
  it('keeps a reward of bought tokens pending for 14 days, shown on the card, then pays it redeemable', async () => {
    const { clock, ctx, owner, bought, connection } = await boughtReward('2026-03-02T15:00:00Z');
    const settlesAt = new Date(bought.getTime() + 14 * DAY);

    expect(await balances(owner.id)).toEqual({ token_balance: 0, redeemable_tokens: 0 });
    const card = await connectionFor(
      { ...ctx, storage: undefined as never },
      owner.id,
      connection.id,
    );
    expect(card).toMatchObject({
      escrow_state: 'paid',
      reward_redeemable: 1200,
      reward_pending: 1200,
      reward_settles_at: settlesAt.toISOString(),
    });
    const [alert] = await rows<{ message: string }>(
      database.db,
      sql`SELECT message FROM alerts WHERE user_id = ${owner.id} AND kind = 'connection_reward'`,
    );
    expect(alert?.message).toMatch(
      /\. They are redeemable for cash, 1,200 of them once the bidder’s card payment can no longer be taken back\.$/,
    );
    // The operator's economy counts it as owed once the hold ends.
    expect((await economyTotals(database.db)).heldRewardTokens).toBe(1200);
    const [winRow] = await memberTransactions(database.db, owner.id, { limit: 10, offset: 0 });
    expect(winRow).toMatchObject({
      transaction_type: 'win',
      amount: 0,
      rewardPending: { tokens: 1200, settles_at: settlesAt.toISOString() },
    });
    const refusal = await redeem(ctx, owner.id, 500).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('INSUFFICIENT_TOKENS');

    clock.set(new Date(settlesAt.getTime() - 60_000));
    expect(await sweepConnections(ctx)).toMatchObject({ rewardsSettled: 0 });
    expect(await balances(owner.id)).toEqual({ token_balance: 0, redeemable_tokens: 0 });

    clock.set(settlesAt);
    expect(await sweepConnections(ctx)).toMatchObject({ rewardsSettled: 1 });
    expect(await balances(owner.id)).toEqual({ token_balance: 1200, redeemable_tokens: 1200 });
    expect(await sweepConnections(ctx)).toMatchObject({ rewardsSettled: 0 });
    const settledCard = await connectionFor(
      { ...ctx, storage: undefined as never },
      owner.id,
      connection.id,
    );
    expect(settledCard).toMatchObject({ reward_pending: 0, reward_settles_at: null });
    expect((await economyTotals(database.db)).heldRewardTokens).toBe(0);
    const history = await memberTransactions(database.db, owner.id, { limit: 10, offset: 0 });
    expect(history.map((t) => [t.amount, t.rewardPending])).toEqual([
      [1200, null],
      [0, null],
    ]);
    await redeem(ctx, owner.id, 500);
    expect(await balances(owner.id)).toEqual({ token_balance: 700, redeemable_tokens: 700 });
    expect(await ledgerProblems(database.db)).toEqual([]);
  });

  it("pays the held reward at the owner's redemption once the hold is over, before the sweeper runs", async () => {
    const { clock, ctx, owner, bought } = await boughtReward('2026-03-10T15:00:00Z');
    clock.set(new Date(bought.getTime() + 14 * DAY));
    const { response } = await redeem(ctx, owner.id, 1200);
    expect(response.newRedeemableBalance).toBe(0);
    const [win] = await rows<{ n: number; redeemable: number }>(
      database.db,
      sql`SELECT COUNT(*)::int AS n, SUM(redeemable_amount)::int AS redeemable
            FROM token_transactions WHERE user_id = ${owner.id} AND transaction_type = 'win'`,
    );
    expect(win).toEqual({ n: 2, redeemable: 1200 });
    expect(await ledgerProblems(database.db)).toEqual([]);
  });

  it('pays at once what a purchase older than the hold paid for, and follows the setting', async () => {
    const clock = testClock('2026-04-01T15:00:00Z');
    const ctx = stageContext(database.db, clock.clock);
    const buyer = await buildBidder(database.db, 0);
    const owner = await buildBidder(database.db, 0);
    await buyTokens(ctx, buyer.id, 1200);
    clock.set(new Date(clock.clock().getTime() + 15 * DAY));
    await engage(ctx, await pendingConnection(ctx, clock, buyer.id, owner.id, 600));
    expect(await balances(owner.id)).toEqual({ token_balance: 600, redeemable_tokens: 600 });

    // A longer hold keeps the next reward of that old purchase pending.
    await updateSettings(database.db, ctx.config, { purchase_settlement_days: 30 }, null);
    const other = await buildBidder(database.db, 0);
    await engage(ctx, await pendingConnection(ctx, clock, buyer.id, other.id, 600));
    expect(await balances(other.id)).toEqual({ token_balance: 0, redeemable_tokens: 0 });
    await updateSettings(database.db, ctx.config, { purchase_settlement_days: 14 }, null);
    expect(await ledgerProblems(database.db)).toEqual([]);
  });
});
