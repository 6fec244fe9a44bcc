// The processor's webhooks: a member who closes the tab after paying is credited once by
// the webhook; refunds, voids and chargebacks take the tokens back and flag a member who
// had spent them; the browser's later confirmation finds the purchase done.
import { PAYMENT_MESSAGES, type TokenBundle } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { balanceOf, buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import {
  bundles,
  confirm,
  deliverWebhook,
  type Headers,
  openForm,
  paidForm,
  payOnHostedForm,
  purchaseRequest,
} from '../../../test/payments';
import { SandboxGateway } from '../../adapters/payments/sandbox/sandbox.gateway';
import { rows } from '../../db/client';
import { loadSecrets } from '../../lib/secrets';
import { adjustTokens } from '../admin/admin.service';

const ADMIN = '+12125550198';
const clock = testClock('2026-03-02T15:00:00Z');
let t: TestApp;
let starter: TokenBundle;
let admin: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp(
    { PAYMENTS_SANDBOX_WEBHOOKS: 'false', ADMIN_PHONES: ADMIN },
    { clock: clock.clock },
  );
  admin = await member(0, ADMIN);
  starter = (await bundles(t, admin.headers)).find((b) => b.name === 'Starter')!;
});
afterAll(() => t.close());

async function member(tokens = 0, phone?: string) {
  const row = await buildBidder(t.database.db, tokens, phone ? { phone_number: phone } : {});
  const { token } = await signIn(t, row.phone_number);
  return { ...row, headers: { authorization: `Bearer ${token}` } as Headers };
}

/** The processor's own dashboard: its state is in the database, so a second handle sees it. */
function processor(app: TestApp): SandboxGateway {
  return new SandboxGateway({
    db: app.database.db,
    clock: clock.clock,
    signatureKey: loadSecrets(app.config).paymentsSandboxKey,
    merchantName: 'Bidboard',
    webhooks: { enabled: false, delayMs: 0, target: () => null, onError: () => {} },
  });
}

async function purchaseStatus(transactionId: string) {
  const [row] = await rows<{ status: string; source: string; tokens_reversed: number }>(
    t.database.db,
    sql`SELECT status, source, tokens_reversed FROM token_purchases WHERE transaction_id = ${transactionId}`,
  );
  return row;
}

describe('payment webhook', () => {
  it('credits a paid form once when the tab was closed, however often it is delivered', async () => {
    const m = await member(50);
    const { paid, request } = await paidForm(t, m.headers, starter);
    const deliveries = await Promise.all(
      Array.from({ length: 5 }, () =>
        deliverWebhook(t, 'net.authorize.payment.authcapture.created', paid.transId),
      ),
    );
    expect(deliveries.map((d) => d.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(deliveries.map((d) => d.json().outcome).sort()).toEqual([
      'already-credited',
      'already-credited',
      'already-credited',
      'already-credited',
      'credited',
    ]);
    expect(await balanceOf(t.database.db, m.id)).toBe(550);
    expect(await purchaseStatus(paid.transId)).toMatchObject({
      status: 'completed',
      source: 'webhook',
    });

    // The browser comes back later: nothing more is added.
    const late = await confirm(t, m.headers, request);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('DUPLICATE_TRANSACTION_SAME_USER');
    expect(await balanceOf(t.database.db, m.id)).toBe(550);
  });

  it('refuses an unsigned or wrongly signed delivery and ignores declines and other events', async () => {
    const m = await member();
    const form = await openForm(t, m.headers, starter);
    const paid = await payOnHostedForm(t, form.token);
    const forged = await deliverWebhook(
      t,
      'net.authorize.payment.authcapture.created',
      paid.transId,
      {
        signature: `sha512=${'A'.repeat(128)}`,
      },
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({
      code: 'WEBHOOK_SIGNATURE_INVALID',
      message: PAYMENT_MESSAGES.signatureInvalid,
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(missing.statusCode).toBe(401);

    const declinedForm = await openForm(t, m.headers, starter);
    const declined = await payOnHostedForm(t, declinedForm.token, '4000000000000002');
    const ignored = await deliverWebhook(
      t,
      'net.authorize.payment.authcapture.created',
      declined.transId,
    );
    expect(ignored.json()).toEqual({ received: true, outcome: 'ignored' });
    const other = await deliverWebhook(t, 'net.authorize.customer.created', paid.transId);
    expect(other.json().outcome).toBe('ignored');
    expect(await balanceOf(t.database.db, m.id)).toBe(0);
  });

  it('a refund takes the tokens back; already spent tokens flag the member for review', async () => {
    const m = await member();
    const { paid, request } = await paidForm(t, m.headers, starter);
    expect((await confirm(t, m.headers, request)).statusCode).toBe(200);
    // 300 of the 500 are gone before the refund arrives.
    await adjustTokens({ db: t.database.db }, m.username!, -300);

    const refund = await processor(t).refund(paid.transId);
    const res = await deliverWebhook(
      t,
      'net.authorize.payment.refund.created',
      refund.transactionId,
    );
    expect(res.json()).toEqual({ received: true, outcome: 'reversed' });
    const again = await deliverWebhook(
      t,
      'net.authorize.payment.refund.created',
      refund.transactionId,
    );
    expect(again.json().outcome).toBe('already-reversed');

    expect(await balanceOf(t.database.db, m.id)).toBe(0);
    expect(await purchaseStatus(paid.transId)).toMatchObject({
      status: 'refund',
      tokens_reversed: 200,
    });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/transactions',
      headers: m.headers,
    });
    expect(history.json().transactions[0]).toMatchObject({
      transaction_type: 'purchase_reversal',
      amount: -200,
      balance_after: 0,
    });

    const reviews = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payment-reviews',
      headers: admin.headers,
    });
    const review = reviews.json().reviews.find((r: { user_id: number }) => r.user_id === m.id);
    expect(review).toMatchObject({
      reason: 'refund',
      transaction_id: paid.transId,
      amount_cents: 500,
      tokens_owed: 300,
      resolved_at: null,
    });
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payment-reviews',
      headers: m.headers,
    });
    expect(forbidden.statusCode).toBe(403);
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payment-reviews/${review.id}/resolve`,
      headers: admin.headers,
      payload: { note: 'Card holder contacted; account suspended.' },
    });
    expect(resolved.json().review).toMatchObject({ resolved_by: admin.id });
    expect(resolved.json().review.note).toContain('account suspended');
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payment-reviews/${review.id}/resolve`,
      headers: admin.headers,
      payload: { note: 'again' },
    });
    expect(twice.statusCode).toBe(404);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('an admin records a chargeback the processor reported by email', async () => {
    const m = await member();
    const { paid, request } = await paidForm(t, m.headers, starter);
    expect((await confirm(t, m.headers, request)).statusCode).toBe(200);
    const url = `/api/admin/purchases/${paid.transId}/reverse`;
    const denied = await t.app.inject({
      method: 'POST',
      url,
      headers: m.headers,
      payload: { reason: 'chargeback' },
    });
    expect(denied.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { reason: 'chargeback' },
    });
    expect(res.json()).toEqual({
      success: true,
      transactionId: paid.transId,
      tokensTaken: 500,
      tokensOwed: 0,
      reviewId: null,
    });
    expect(await balanceOf(t.database.db, m.id)).toBe(0);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/purchases/80000000009/reverse',
      headers: admin.headers,
      payload: { reason: 'chargeback' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});

describe('the sandbox processor sends its own webhook', () => {
  it('credits a member who paid and closed the tab, over HTTP, signed', async () => {
    // On this file's database: a fresh PGlite of its own took this test past its time.
    const live = await createTestApp(
      { PAYMENTS_SANDBOX_WEBHOOK_DELAY_MS: '0' },
      { database: t.database },
    );
    try {
      await live.app.listen({ port: 0, host: '127.0.0.1' });
      const row = await buildBidder(live.database.db, 0);
      const { token } = await signIn(live, row.phone_number);
      const headers = { authorization: `Bearer ${token}` };
      const bundle = (await bundles(live, headers))[0]!;
      const form = await openForm(live, headers, bundle);
      await payOnHostedForm(live, form.token);
      await expect
        .poll(() => balanceOf(live.database.db, row.id), { timeout: 10_000 })
        .toBe(bundle.token_qty);
    } finally {
      await live.close();
    }
  });
});

describe('the hosted page', () => {
  it('serves the sandbox form under its own CSP, framable by us only', async () => {
    const m = await member();
    const form = await openForm(t, m.headers, starter);
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/payment',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(form.token)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.body).toContain('Pay $5.00');
    expect(page.body).toContain('<script src="hosted.js" defer></script>');
    expect(page.body).not.toMatch(/<script>|onclick=|style=/);
    expect(page.body).toContain('/api/payments/communicator.html');

    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/payment',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=nope',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('This payment form has expired.');

    const js = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/hosted.js' });
    expect(js.headers['content-type']).toContain('javascript');
    const communicator = await t.app.inject({
      method: 'GET',
      url: '/api/payments/communicator.html',
    });
    expect(communicator.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; frame-ancestors 'self'",
    );
  });

  it('checks the card like a hosted form, and allows one approved payment per form', async () => {
    const m = await member();
    const form = await openForm(t, m.headers, starter);
    const transact = (card: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/transact',
        payload: { token: form.token, expirationDate: '12/39', cardCode: '123', ...card },
      });
    expect((await transact({ cardNumber: '4111111111111112' })).json().message).toBe(
      'Please enter a valid card number.',
    );
    expect(
      (await transact({ cardNumber: '4111111111111111', expirationDate: '01/20' })).json().message,
    ).toBe('This card has expired.');
    expect((await transact({ cardNumber: '4111111111111111', cardCode: '1' })).json().message).toBe(
      'Please enter the 3 or 4 digit card code.',
    );
    const zipDecline = await transact({ cardNumber: '4111111111111111', zip: '46282' });
    expect(zipDecline.json()).toMatchObject({
      responseCode: '2',
      errors: [{ errorText: 'This transaction has been declined.' }],
    });
    const approved = await transact({ cardNumber: '4111 1111 1111 1111' });
    expect(approved.json()).toMatchObject({
      responseCode: '1',
      accountNumber: 'XXXX1111',
      accountType: 'Visa',
      totalAmount: '5.00',
      orderInvoiceNumber: form.invoiceNumber,
    });
    const reused = await transact({ cardNumber: '4111111111111111' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This payment form was already used.');
    expect(purchaseRequest(form, approved.json()).transactionId).toMatch(/^8\d{10}$/);
  });
});
