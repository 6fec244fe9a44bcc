// Two friends bidding on each other (product rules, The token economy): with every mix of
// free and purchased tokens, in both directions, the pair can never cash out more dollars
// than they paid for tokens. Free tokens routed through a friend arrive as free tokens.
// The same pair signing in from one address, one having referred the other, is held for
// an admin by the risk review, and the automatic payout never sends it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { loadConfig } from '../../config';
import { rows } from '../../db/client';
import { closePeriod, ensureOpenPeriod } from '../auctions/periods.service';
import { placeBid } from '../bids/bids.service';
import { changeConnectionStatus } from '../connections/connections.service';
import { recordMessageSent } from '../connections/engagement.service';
import type { PaymentsContext } from '../payments/payments.context';
import { sweepPayouts } from '../redemptions/payouts.service';
import { requestRedemption, settleRedemption } from '../redemptions/redemptions.service';
import { applyBalanceChange } from './ledger';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' });
const clock = testClock('2026-03-02T15:00:00.000Z');
const services = () => ({ db: database.db, config, clock: clock.clock });
const payments = () =>
  ({
    ...services(),
    gateway: { provider: 'sandbox' },
    payouts: { provider: 'manual' },
  }) as unknown as PaymentsContext;

/**
 * A bundle bought at the shipped price per token (the cheapest the floor allows), past its
 * settlement hold: what it pays for is cash as soon as it is earned.
 */
async function fund(userId: number, free: number, purchased: number) {
  await database.db.transaction(async (tx) => {
    if (free) await applyBalanceChange(tx, { userId, amount: free, type: 'free_claim' });
    if (purchased) {
      await tx.execute(
        sql`INSERT INTO payment_intents (user_id, bundle_id, item_name, quantity, tokens, amount_cents,
                                         provider, invoice_number, status)
            SELECT ${userId}, id, name, 1, ${purchased}, ${purchased}, 'sandbox', ${`c${userId}`}, 'completed'
              FROM token_bundles ORDER BY id LIMIT 1`,
      );
      const [purchase] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO token_purchases (user_id, intent_id, provider, transaction_id, tokens, amount_cents,
                                         source, created_at)
            SELECT ${userId}, id, 'sandbox', ${`c${userId}`}, ${purchased}, ${purchased}, 'client',
                   ${new Date(clock.clock().getTime() - 15 * 86_400_000)}
              FROM payment_intents WHERE invoice_number = ${`c${userId}`}
         RETURNING id`,
      );
      await applyBalanceChange(tx, {
        userId,
        amount: purchased,
        type: 'purchase',
        referenceId: `purchase:${purchase!.id}`,
      });
    }
  });
}

/** `bidder` wins `owner`'s auction with everything they hold; they accept and chat. */
async function roundTrip(bidder: number, owner: number) {
  const [{ token_balance: amount } = { token_balance: 0 }] = await rows<{ token_balance: number }>(
    database.db,
    sql`SELECT token_balance FROM users WHERE id = ${bidder}`,
  );
  if (amount < 10) return;
  const period = await ensureOpenPeriod(database.db, clock.clock());
  const [auction] = await rows<{ id: number }>(
    database.db,
    sql`INSERT INTO auctions (user_id, period_id) VALUES (${owner}, ${period.id})
        ON CONFLICT (user_id, period_id) DO UPDATE SET updated_at = now() RETURNING id`,
  );
  await placeBid(services(), { auctionId: auction!.id, bidderId: bidder, amount });
  clock.set(new Date(clock.clock().getTime() + 1000));
  await closePeriod(database.db, clock.clock(), { force: true });
  clock.set(new Date(clock.clock().getTime() + 1000));
  const [connection] = await rows<{ id: number }>(
    database.db,
    sql`SELECT id FROM connections WHERE auction_id = ${auction!.id}`,
  );
  await changeConnectionStatus(services(), {
    connectionId: connection!.id,
    memberId: owner,
    status: 'accepted',
  });
  for (const [senderId, partnerId] of [
    [bidder, owner],
    [owner, bidder],
  ]) {
    await database.db.transaction((tx) =>
      recordMessageSent(tx, { senderId: senderId!, partnerId: partnerId!, now: clock.clock() }),
    );
  }
}

/** Cashes out every redeemable token (at least the minimum) and returns the cents paid. */
async function cashOut(userId: number): Promise<number> {
  const [{ redeemable_tokens: tokens } = { redeemable_tokens: 0 }] = await rows<{
    redeemable_tokens: number;
  }>(database.db, sql`SELECT redeemable_tokens FROM users WHERE id = ${userId}`);
  if (tokens < 500) return 0;
  const { redemption } = await requestRedemption(payments(), userId, {
    token_amount: tokens,
    paypal_email: `friend${userId}@example.com`,
  });
  const paid = await settleRedemption(payments(), redemption.id, { outcome: 'paid' });
  return paid.amount_cents;
}

describe('two colluding members', () => {
  for (const freeA of [0, 1500])
    for (const paidA of [0, 600])
      for (const freeB of [0, 900])
        for (const paidB of [0, 700])
          it(`A free ${freeA} paid ${paidA}, B free ${freeB} paid ${paidB}: never more dollars out than in`, async () => {
            const a = await buildBidder(database.db, 0);
            const b = await buildBidder(database.db, 0);
            await fund(a.id, freeA, paidA);
            await fund(b.id, freeB, paidB);
            // Back and forth: A on B, B on A (with what A's tokens earned), and again.
            let cents = 0;
            for (const [bidder, owner] of [
              [a.id, b.id],
              [b.id, a.id],
              [a.id, b.id],
            ] as const) {
              await roundTrip(bidder, owner);
            }
            cents += await cashOut(a.id);
            cents += await cashOut(b.id);
            const paidIn = paidA + paidB; // one cent a token at the floor price
            expect(cents).toBeLessThanOrEqual(paidIn);
            expect(await ledgerProblems(database.db)).toEqual([]);
          });
});

describe('the same pair sharing an address and a referral', () => {
  it('is held for review, and the automatic payout does not send it', async () => {
    const a = await buildBidder(database.db, 0);
    const b = await buildBidder(database.db, 0, { referred_by: a.id });
    for (const member of [a, b]) {
      await database.db.execute(
        sql`INSERT INTO sessions (user_id, created_at, last_seen_at, expires_at, ip)
            VALUES (${member.id}, ${clock.clock()}, ${clock.clock()},
                    ${new Date(clock.clock().getTime() + 86_400_000)}, '198.51.100.23')`,
      );
    }
    await fund(a.id, 0, 700);
    await roundTrip(a.id, b.id);
    const submit = vi.fn(async () => ({ batchId: 'batch', status: 'PENDING' }));
    const automatic = { ...payments(), payouts: { provider: 'paypal', submit } } as PaymentsContext;
    const { redemption } = await requestRedemption(automatic, b.id, {
      token_amount: 700,
      paypal_email: 'friend@example.com',
    });
    const [review] = await rows<{ held: boolean; signals: Record<string, unknown> }>(
      database.db,
      sql`SELECT held, signals FROM redemption_reviews WHERE redemption_id = ${redemption.id}`,
    );
    expect(review!.held).toBe(true);
    expect(Object.keys(review!.signals)).toEqual(
      expect.arrayContaining(['shared_sign_in', 'referral_relation']),
    );
    await sweepPayouts(automatic);
    expect(submit).not.toHaveBeenCalled();
    const [row] = await rows<{ status: string; submitted_at: Date | null }>(
      database.db,
      sql`SELECT status, submitted_at FROM redemptions WHERE id = ${redemption.id}`,
    );
    expect(row).toEqual({ status: 'pending', submitted_at: null });
  });
});
