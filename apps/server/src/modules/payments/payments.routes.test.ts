// Buying tokens over HTTP against the sandbox card processor: every error code and text of
// marketplace §8 Payments, and that nothing is credited unless the processor confirms it.
import { PAYMENT_MESSAGES, type TokenBundle } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { balanceOf, buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import {
  bundles,
  confirm,
  DECLINE_CARD,
  deliverWebhook,
  formRequest,
  type Headers,
  openForm,
  paidForm,
  payOnHostedForm,
  purchaseRequest,
} from '../../../test/payments';
import {
  GatewayUnavailableError,
  type PaymentGateway,
} from '../../adapters/payments/payments.port';
import { rows } from '../../db/client';

const clock = testClock('2026-03-02T15:00:00Z');
let t: TestApp;
let catalog: TokenBundle[];
let starter: TokenBundle;
let popular: TokenBundle;

beforeAll(async () => {
  t = await createTestApp(
    { PAYMENTS_SANDBOX_WEBHOOKS: 'false', ADMIN_PHONES: '+12125550199' },
    { clock: clock.clock },
  );
  const first = await member();
  catalog = await bundles(t, first.headers);
  starter = catalog.find((b) => b.name === 'Starter')!;
  popular = catalog.find((b) => b.name === 'Popular')!;
});
afterAll(() => t.close());

async function member(tokens = 0, phone?: string) {
  const row = await buildBidder(t.database.db, tokens, phone ? { phone_number: phone } : {});
  const { token } = await signIn(t, row.phone_number);
  return { ...row, headers: { authorization: `Bearer ${token}` } as Headers };
}

const post = (url: string, headers: Headers | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });

async function purchaseRows(userId: number) {
  return rows<{ amount: number; transaction_type: string }>(
    t.database.db,
    sql`SELECT amount, transaction_type FROM token_transactions
         WHERE user_id = ${userId} AND transaction_type = 'purchase'`,
  );
}

describe('GET /items', () => {
  it('lists the active bundles with prices in dollars', async () => {
    expect(catalog.map((b) => [b.name, b.token_qty, b.cost])).toEqual([
      // Repriced to the bundle floor (issue 19): no token sells below the cent it pays out.
      ['Starter', 500, 5],
      ['Popular', 1200, 12],
      ['Best Value', 2600, 26],
      ['High Roller', 7000, 70],
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/items' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /create-transaction-token', () => {
  it('prices the bundle itself and returns a hosted form token', async () => {
    const m = await member();
    const form = await openForm(t, m.headers, popular, 3);
    expect(form).toMatchObject({
      success: true,
      formUrl: '/api/payments/sandbox/payment',
      formSandboxed: true,
      amount: 36,
      amount_cents: 3600,
      tokens: 3600,
      quantity: 3,
      item_id: popular.id,
      item_name: 'Popular',
    });
    expect(form.token.length).toBeGreaterThan(40);
    expect(form.invoiceNumber).toMatch(/^BB[0-9A-F]{12}$/);
  });

  it('refuses a lower price, more tokens or another bundle than the server computes', async () => {
    const m = await member();
    const fair = formRequest(starter, 2);
    for (const payload of [
      { ...fair, amount: 9.99 },
      { ...fair, amount: 9.98 },
      { ...fair, tokens: 1001 },
      { ...fair, item_name: 'Popular' },
      { ...fair, item_id: 999_999 },
    ]) {
      const res = await post('/api/create-transaction-token', m.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'SECURITY_VIOLATION',
        message: PAYMENT_MESSAGES.securityViolation,
      });
    }
    const [intents] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT COUNT(*)::int AS n FROM payment_intents WHERE user_id = ${m.id}`,
    );
    expect(intents!.n).toBe(0);
  });

  it('validates quantity (minimum 1) and needs a member', async () => {
    const m = await member();
    for (const quantity of [0, -1, 1.5, 101]) {
      const res = await post('/api/create-transaction-token', m.headers, {
        ...formRequest(starter),
        quantity,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await post('/api/create-transaction-token', undefined, {})).statusCode).toBe(401);
  });

  it('TOKEN_CREATION_RATE_LIMIT_EXCEEDED after 10 forms in 2 minutes, then opens again', async () => {
    const m = await member();
    for (let i = 0; i < 10; i++) await openForm(t, m.headers, starter);
    const res = await post('/api/create-transaction-token', m.headers, formRequest(starter));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      code: 'TOKEN_CREATION_RATE_LIMIT_EXCEEDED',
      message: 'Too many payment form requests. Please wait 2 minutes before trying again.',
    });
    clock.set(new Date(clock.clock().getTime() + 2 * 60_000 + 1000));
    expect(
      (await post('/api/create-transaction-token', m.headers, formRequest(starter))).statusCode,
    ).toBe(200);
  });

  it('PAYMENT_RATE_LIMIT_EXCEEDED after 5 purchases in 5 minutes', async () => {
    const m = await member();
    for (let i = 0; i < 5; i++) {
      const { request } = await paidForm(t, m.headers, starter);
      expect((await confirm(t, m.headers, request)).statusCode).toBe(200);
      clock.set(new Date(clock.clock().getTime() + 4000));
    }
    const res = await post('/api/create-transaction-token', m.headers, formRequest(starter));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      code: 'PAYMENT_RATE_LIMIT_EXCEEDED',
      message: 'Too many payments in a short time. Please wait 5 minutes before trying again.',
    });
  });

  it('HIGH_VALUE_RATE_LIMIT_EXCEEDED past $500 of card purchases in 24 hours', async () => {
    const m = await member();
    const highRoller = catalog.find((b) => b.name === 'High Roller')!;
    const { request } = await paidForm(t, m.headers, highRoller, 7);
    expect((await confirm(t, m.headers, request)).statusCode).toBe(200);
    const res = await post('/api/create-transaction-token', m.headers, formRequest(popular));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      code: 'HIGH_VALUE_RATE_LIMIT_EXCEEDED',
      message: PAYMENT_MESSAGES.highValueRateLimit,
    });
  });
});

describe('POST /purchase-tokens', () => {
  it('credits a verified payment once, as one Purchase ledger row', async () => {
    const m = await member(100);
    const { request } = await paidForm(t, m.headers, popular, 2);
    const res = await confirm(t, m.headers, request);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: '2,400 tokens added to your balance.',
      newBalance: 2500,
      code: 'PURCHASE_COMPLETED',
      tokens: 2400,
    });
    expect(await purchaseRows(m.id)).toEqual([{ amount: 2400, transaction_type: 'purchase' }]);
    // The card as the processor reported it, for the risk review's 'one card on both sides'.
    expect(
      await rows(
        t.database.db,
        sql`SELECT card_fingerprint FROM token_purchases WHERE user_id = ${m.id}`,
      ),
    ).toEqual([{ card_fingerprint: 'visa:1111' }]);

    const again = await confirm(t, m.headers, request);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'DUPLICATE_TRANSACTION_SAME_USER',
      message: PAYMENT_MESSAGES.duplicateSameUser,
    });
    expect(await balanceOf(t.database.db, m.id)).toBe(2500);

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/transactions',
      headers: m.headers,
    });
    expect(history.json().transactions[0]).toMatchObject({
      transaction_type: 'purchase',
      amount: 2400,
      balance_after: 2500,
    });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('SECURITY_VIOLATION and nothing credited for a lower price, more tokens or another bundle', async () => {
    const m = await member();
    const { request } = await paidForm(t, m.headers, starter);
    for (const payload of [
      { ...request, amount: 0.99 },
      { ...request, tokens: 5000 },
      { ...request, quantity: 2 },
      { ...request, item_id: popular.id },
    ]) {
      const res = await confirm(t, m.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'SECURITY_VIOLATION',
        message: PAYMENT_MESSAGES.securityViolation,
      });
      clock.set(new Date(clock.clock().getTime() + 5000));
    }
    expect(await balanceOf(t.database.db, m.id)).toBe(0);
    expect(await purchaseRows(m.id)).toEqual([]);
  });

  it('SECURITY_VIOLATION for a declined, unknown or someone else’s transaction', async () => {
    const owner = await member();
    const thief = await member();
    const form = await openForm(t, owner.headers, starter);
    const declined = await payOnHostedForm(t, form.token, DECLINE_CARD);
    expect(declined.responseCode).toBe('2');
    const paid = await payOnHostedForm(t, form.token);

    const attempts = [
      [owner, { ...purchaseRequest(form, declined) }],
      [owner, { ...purchaseRequest(form, paid), transactionId: '80000000001' }],
      [thief, purchaseRequest(form, paid)],
    ] as const;
    for (const [who, payload] of attempts) {
      const res = await confirm(t, who.headers, payload);
      expect(res.json()).toEqual({
        code: 'SECURITY_VIOLATION',
        message: PAYMENT_MESSAGES.securityViolation,
      });
      clock.set(new Date(clock.clock().getTime() + 5000));
    }
    expect(await balanceOf(t.database.db, thief.id)).toBe(0);
    // The rightful owner still gets it, once.
    expect((await confirm(t, owner.headers, purchaseRequest(form, paid))).statusCode).toBe(200);
    const stolen = await confirm(t, thief.headers, purchaseRequest(form, paid));
    expect(stolen.json().code).toBe('SECURITY_VIOLATION');
  });

  it('RAPID_SUBMISSION_DETECTED for two different payments confirmed within 3 seconds', async () => {
    const m = await member();
    const first = await paidForm(t, m.headers, starter);
    const second = await paidForm(t, m.headers, starter);
    expect((await confirm(t, m.headers, first.request)).statusCode).toBe(200);
    const rapid = await confirm(t, m.headers, second.request);
    expect(rapid.statusCode).toBe(429);
    expect(rapid.json()).toEqual({
      code: 'RAPID_SUBMISSION_DETECTED',
      message: PAYMENT_MESSAGES.rapidSubmission,
    });
    clock.set(new Date(clock.clock().getTime() + 3100));
    expect((await confirm(t, m.headers, second.request)).statusCode).toBe(200);
    expect(await balanceOf(t.database.db, m.id)).toBe(1000);
  });

  it('validates the body and needs a member', async () => {
    const m = await member();
    const bad = await confirm(t, m.headers, {
      transactionId: 'x y',
      amount: 1,
      tokens: 1,
      quantity: 1,
      item_id: 1,
      item_name: 'a',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid transaction id');
    expect((await confirm(t, { authorization: 'Bearer nope' }, {})).statusCode).toBe(401);
  });
});

describe('POST /log-payment-error', () => {
  it('stores each logged error type for admins, who alone may read them', async () => {
    const m = await member();
    const admin = await member(0, '+12125550199');
    const types = [
      'PAYMENT_DECLINED',
      'PAYMENT_ERROR',
      'SYSTEM_ERROR',
      'TOKEN_CREATION_FAILED',
      'PAYMENT_TIMEOUT',
    ];
    for (const errorType of types) {
      const res = await post('/api/log-payment-error', m.headers, {
        errorType,
        paymentFlow: 'purchase',
        amount: 4.99,
        tokens: 500,
        quantity: 1,
        itemId: starter.id,
        itemName: 'Starter',
        applicationError: { code: 'X', message: `${errorType} happened` },
        authNetResponse: { responseCode: '2', errors: [{ errorText: 'declined' }] },
        sessionId: 'abc',
      });
      expect(res.json()).toEqual({ success: true, message: 'Payment error logged' });
    }
    const invalid = await post('/api/log-payment-error', m.headers, { errorType: 'OOPS' });
    expect(invalid.statusCode).toBe(400);
    const huge = await post('/api/log-payment-error', m.headers, {
      errorType: 'PAYMENT_ERROR',
      authNetResponse: { blob: 'x'.repeat(9000) },
    });
    expect(huge.statusCode).toBe(400);

    const url = `/api/admin/payment-errors?userId=${m.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: m.headers })).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const logged = list.json().errors;
    expect(logged.map((e: { error_type: string }) => e.error_type).sort()).toEqual(
      [...types].sort(),
    );
    expect(logged[0]).toMatchObject({
      user_id: m.id,
      username: m.username,
      payment_flow: 'purchase',
      message: 'PAYMENT_TIMEOUT happened',
      details: { itemName: 'Starter', authNetResponse: { responseCode: '2' } },
    });
  });
});

describe('when the processor is slow, unsure or unreachable', () => {
  let flaky: TestApp;
  let mode: 'pending' | 'down' | 'webhook-first' | 'normal' = 'normal';

  beforeAll(async () => {
    flaky = await createTestApp(
      { PAYMENTS_SANDBOX_WEBHOOKS: 'false' },
      {
        clock: clock.clock,
        // The real sandbox processor, answering lookups the way a test needs.
        payments: (real) => {
          const wrapped: PaymentGateway = Object.create(real);
          wrapped.getTransaction = async (id) => {
            const found = await real.getTransaction(id);
            if (mode === 'down') throw new GatewayUnavailableError('connection refused');
            if (mode === 'pending' && found) return { ...found, state: 'pending' };
            // The webhook lands while the browser's confirmation is asking the processor.
            if (mode === 'webhook-first') {
              mode = 'normal';
              await deliverWebhook(flaky, 'net.authorize.payment.authcapture.created', id);
            }
            return found;
          };
          return wrapped;
        },
      },
    );
  });
  afterAll(() => flaky.close());

  async function flakyMember() {
    const row = await buildBidder(flaky.database.db, 0);
    const { token } = await signIn(flaky, row.phone_number);
    return { ...row, headers: { authorization: `Bearer ${token}` } as Headers };
  }

  it('PAYMENT_PENDING while held for review, PAYMENT_UNVERIFIED when unreachable; then credited', async () => {
    const m = await flakyMember();
    const { request } = await paidForm(flaky, m.headers, starter);
    mode = 'pending';
    const pending = await confirm(flaky, m.headers, request);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual({
      code: 'PAYMENT_PENDING',
      message: PAYMENT_MESSAGES.paymentPending,
    });
    mode = 'down';
    const down = await confirm(flaky, m.headers, request);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({
      code: 'PAYMENT_UNVERIFIED',
      message: PAYMENT_MESSAGES.paymentUnverified,
    });
    expect(await balanceOf(flaky.database.db, m.id)).toBe(0);
    mode = 'normal';
    expect((await confirm(flaky, m.headers, request)).statusCode).toBe(200);
    expect(await balanceOf(flaky.database.db, m.id)).toBe(500);
  });

  it('DUPLICATE_TRANSACTION_CONSTRAINT when the webhook credits it while the browser confirms', async () => {
    const m = await flakyMember();
    const { request } = await paidForm(flaky, m.headers, starter);
    mode = 'webhook-first';
    const res = await confirm(flaky, m.headers, request);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'DUPLICATE_TRANSACTION_CONSTRAINT',
      message: PAYMENT_MESSAGES.duplicateConstraint,
    });
    expect(await balanceOf(flaky.database.db, m.id)).toBe(500);
    expect(await ledgerProblems(flaky.database.db)).toEqual([]);
  });

  it('a webhook the processor cannot confirm answers 503, so it is delivered again', async () => {
    const m = await flakyMember();
    const { paid } = await paidForm(flaky, m.headers, starter);
    mode = 'down';
    const res = await deliverWebhook(
      flaky,
      'net.authorize.payment.authcapture.created',
      paid.transId,
    );
    expect(res.statusCode).toBe(503);
    mode = 'normal';
    const retry = await deliverWebhook(
      flaky,
      'net.authorize.payment.authcapture.created',
      paid.transId,
    );
    expect(retry.json().outcome).toBe('credited');
  });
});
