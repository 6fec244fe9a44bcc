// Real PostgreSQL, many connections: a burst of browser confirmations and processor
// webhooks for the same transaction credits it exactly once, and the ledger stays exact.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { onPostgres } from '../../../test/database';
import { balanceOf, buildBidder, ledgerProblems } from '../../../test/marketplace';
import { bundles, confirm, deliverWebhook, paidForm } from '../../../test/payments';
import { rows } from '../../db/client';

const PAYMENT_EVENT = 'net.authorize.payment.authcapture.created';
let t: TestApp;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp(
    { PAYMENTS_SANDBOX_WEBHOOKS: 'false', RATE_LIMIT_MAX: '100000' },
    { poolSize: 40 },
  );
});
afterAll(() => t?.close());

async function member() {
  const row = await buildBidder(t.database.db, 0);
  const { token } = await signIn(t, row.phone_number);
  return { ...row, headers: { authorization: `Bearer ${token}` } };
}

const tally = (values: (string | number)[]) =>
  values.reduce<Record<string, number>>((acc, v) => {
    acc[v] = (acc[v] ?? 0) + 1;
    return acc;
  }, {});

describe.skipIf(!onPostgres)('purchase credit under concurrency (PostgreSQL, pool 40)', () => {
  it('100 parallel confirmations of one transaction: one credit, the rest told it is done', async () => {
    const m = await member();
    const bundle = (await bundles(t, m.headers))[0]!;
    const { request } = await paidForm(t, m.headers, bundle);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => confirm(t, m.headers, request)),
    );
    const outcomes = tally(responses.map((r) => r.json().code));
    console.log('confirmations only', outcomes);
    expect(outcomes.PURCHASE_COMPLETED).toBe(1);
    expect(
      (outcomes.DUPLICATE_TRANSACTION_SAME_USER ?? 0) +
        (outcomes.DUPLICATE_TRANSACTION_CONSTRAINT ?? 0),
    ).toBe(99);
    expect(await balanceOf(t.database.db, m.id)).toBe(bundle.token_qty);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('100 confirmations and 100 webhook deliveries of one transaction credit it once', async () => {
    const m = await member();
    const bundle = (await bundles(t, m.headers))[1]!;
    const { paid, request } = await paidForm(t, m.headers, bundle);

    const [clients, webhooks] = await Promise.all([
      Promise.all(Array.from({ length: 100 }, () => confirm(t, m.headers, request))),
      Promise.all(
        Array.from({ length: 100 }, () => deliverWebhook(t, PAYMENT_EVENT, paid.transId)),
      ),
    ]);
    const clientOutcomes = tally(clients.map((r) => r.json().code ?? r.statusCode));
    const webhookOutcomes = tally(webhooks.map((r) => r.json().outcome ?? r.statusCode));
    console.log('confirmations', clientOutcomes, 'webhooks', webhookOutcomes);

    const credits = (clientOutcomes.PURCHASE_COMPLETED ?? 0) + (webhookOutcomes.credited ?? 0);
    expect(credits).toBe(1);
    for (const code of Object.keys(clientOutcomes)) {
      expect([
        'PURCHASE_COMPLETED',
        'DUPLICATE_TRANSACTION_SAME_USER',
        'DUPLICATE_TRANSACTION_CONSTRAINT',
      ]).toContain(code);
    }
    for (const outcome of Object.keys(webhookOutcomes)) {
      expect(['credited', 'already-credited']).toContain(outcome);
    }
    expect(await balanceOf(t.database.db, m.id)).toBe(bundle.token_qty);
    const ledger = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT COUNT(*)::int AS n FROM token_transactions
           WHERE user_id = ${m.id} AND transaction_type = 'purchase'`,
    );
    expect(ledger[0]!.n).toBe(1);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('40 members buying at once, each confirmed and delivered twice, all credited exactly once', async () => {
    const members = await Promise.all(Array.from({ length: 40 }, () => member()));
    const bundle = (await bundles(t, members[0]!.headers))[0]!;
    const purchases = await Promise.all(members.map((m) => paidForm(t, m.headers, bundle)));
    await Promise.all(
      purchases.flatMap(({ paid, request }, i) => [
        confirm(t, members[i]!.headers, request),
        confirm(t, members[i]!.headers, request),
        deliverWebhook(t, PAYMENT_EVENT, paid.transId),
        deliverWebhook(t, PAYMENT_EVENT, paid.transId),
      ]),
    );
    for (const m of members) expect(await balanceOf(t.database.db, m.id)).toBe(bundle.token_qty);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('one member paying 5 forms at once: every payment credited once, no deadlock', async () => {
    const m = await member();
    const bundle = (await bundles(t, m.headers))[0]!;
    const purchases = [];
    for (let i = 0; i < 5; i++) purchases.push(await paidForm(t, m.headers, bundle));
    const results = await Promise.all(
      purchases.flatMap(({ paid, request }) => [
        confirm(t, m.headers, request),
        deliverWebhook(t, PAYMENT_EVENT, paid.transId),
      ]),
    );
    for (const r of results) expect(r.statusCode).toBeLessThan(500);
    expect(await balanceOf(t.database.db, m.id)).toBe(5 * bundle.token_qty);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});
