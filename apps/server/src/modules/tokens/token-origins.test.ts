// Token origins through a bid's life (product rules, The token economy): a bid spends
// promotional, then purchased, then redeemable tokens; the escrow keeps those parts; an
// outbid gives back exactly them; a rebid adds to them; and the owner's reward makes only
// the purchased and redeemable parts redeemable.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { loadConfig } from '../../config';
import { rows } from '../../db/client';
import { closePeriod, ensureOpenPeriod } from '../auctions/periods.service';
import { placeBid } from '../bids/bids.service';
import { changeConnectionStatus } from '../connections/connections.service';
import { recordMessageSent } from '../connections/engagement.service';
import { applyBalanceChange } from './ledger';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const origins = async (id: number) =>
  (
    await rows<{ promotional_tokens: number; purchased_tokens: number; redeemable_tokens: number }>(
      database.db,
      sql`SELECT promotional_tokens, purchased_tokens, redeemable_tokens FROM users WHERE id = ${id}`,
    )
  )[0];

describe('token origins', () => {
  it('spend in order, refund in parts, and reward only paid-for tokens as redeemable', async () => {
    const clock = testClock('2026-03-02T15:00:00.000Z');
    const ctx = { db: database.db, clock: clock.clock, config: loadConfig({ NODE_ENV: 'test' }) };
    const owner = await buildBidder(database.db, 0);
    const alice = await buildBidder(database.db, 0);
    const bob = await buildBidder(database.db, 0);
    await database.db.transaction(async (tx) => {
      await applyBalanceChange(tx, { userId: alice.id, amount: 300, type: 'signup' });
      await applyBalanceChange(tx, { userId: alice.id, amount: 500, type: 'purchase' });
      await applyBalanceChange(tx, { userId: bob.id, amount: 1000, type: 'purchase' });
    });
    const period = await ensureOpenPeriod(database.db, clock.clock());
    const [auction] = await rows<{ id: number }>(
      database.db,
      sql`INSERT INTO auctions (user_id, period_id) VALUES (${owner.id}, ${period.id})
          ON CONFLICT (user_id, period_id) DO UPDATE SET updated_at = now() RETURNING id`,
    );
    const auctionId = auction!.id;
    const escrow = async () =>
      (
        await rows(
          database.db,
          sql`SELECT escrow_promotional, escrow_purchased, escrow_redeemable FROM auctions WHERE id = ${auctionId}`,
        )
      )[0];

    await placeBid(ctx, { auctionId, bidderId: alice.id, amount: 400 });
    expect(await origins(alice.id)).toEqual({
      promotional_tokens: 0,
      purchased_tokens: 400,
      redeemable_tokens: 0,
    });
    expect(await escrow()).toEqual({
      escrow_promotional: 300,
      escrow_purchased: 100,
      escrow_redeemable: 0,
    });

    await placeBid(ctx, { auctionId, bidderId: bob.id, amount: 410 });
    expect(await origins(alice.id)).toEqual({
      promotional_tokens: 300,
      purchased_tokens: 500,
      redeemable_tokens: 0,
    });

    await placeBid(ctx, { auctionId, bidderId: alice.id, amount: 420 });
    await placeBid(ctx, { auctionId, bidderId: alice.id, amount: 600 });
    expect(await escrow()).toEqual({
      escrow_promotional: 300,
      escrow_purchased: 300,
      escrow_redeemable: 0,
    });
    expect(await origins(bob.id)).toEqual({
      promotional_tokens: 0,
      purchased_tokens: 1000,
      redeemable_tokens: 0,
    });

    clock.set(new Date(clock.clock().getTime() + 1000));
    await closePeriod(database.db, clock.clock(), { force: true });
    const [connection] = await rows<{ id: number }>(
      database.db,
      sql`SELECT id FROM connections WHERE auction_id = ${auctionId}`,
    );
    await changeConnectionStatus(ctx, {
      connectionId: connection!.id,
      memberId: owner.id,
      status: 'accepted',
    });
    for (const [senderId, partnerId] of [
      [alice.id, owner.id],
      [owner.id, alice.id],
    ] as const) {
      await database.db.transaction((tx) =>
        recordMessageSent(tx, { senderId, partnerId, now: clock.clock() }),
      );
    }
    expect(await origins(owner.id)).toEqual({
      promotional_tokens: 300,
      purchased_tokens: 0,
      redeemable_tokens: 300,
    });
    const [win] = await rows(
      database.db,
      sql`SELECT amount, promotional_amount, purchased_amount, redeemable_amount FROM token_transactions
           WHERE user_id = ${owner.id} AND transaction_type = 'win'`,
    );
    expect(win).toEqual({
      amount: 600,
      promotional_amount: 300,
      purchased_amount: 0,
      redeemable_amount: 300,
    });
    expect(await ledgerProblems(database.db)).toEqual([]);
  });
});
