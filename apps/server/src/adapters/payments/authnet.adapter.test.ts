// The Authorize.Net adapter against a local server speaking its JSON API, then the whole
// purchase path with PAYMENTS_PROVIDER=authnet: form token, CSP for the hosted form's
// origin, the credit after a transaction lookup, and signed webhooks.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import {
  ANET_KEY,
  ANET_LOGIN,
  ANET_SIGNATURE_KEY,
  type FakeAuthnet,
  startFakeAuthnet,
} from '../../../test/fake-authnet';
import { balanceOf, buildBidder, ledgerProblems } from '../../../test/marketplace';
import { bundles, confirm, openForm } from '../../../test/payments';
import { signAnetBody } from './anet-signature';
import { AuthnetGateway } from './authnet.adapter';
import { GatewayUnavailableError, WebhookSignatureError } from './payments.port';

let fake: FakeAuthnet;
beforeAll(async () => {
  fake = await startFakeAuthnet();
});
afterAll(() => fake.close());

function gateway(overrides: Partial<ConstructorParameters<typeof AuthnetGateway>[0]> = {}) {
  return new AuthnetGateway({
    environment: 'sandbox',
    apiLoginId: ANET_LOGIN,
    transactionKey: ANET_KEY,
    signatureKey: ANET_SIGNATURE_KEY,
    apiUrl: fake.url,
    merchantName: 'Bidboard',
    ...overrides,
  });
}

const formRequest = {
  invoiceNumber: 'BB0123456789AB',
  amountCents: 2997,
  description: 'Bidboard: 3 x Popular (3,600 tokens)',
  customerId: '42',
  communicatorUrl: 'https://bidboard.example/api/payments/communicator.html',
  refId: '17',
};

const event = (eventType: string, id: string) =>
  JSON.stringify({
    notificationId: 'd0e8e7fe-c3e7-4add-a480-27bc5ce28a6a',
    eventType,
    eventDate: '2026-03-02T15:00:00.0000000Z',
    webhookId: '5b0a2c1e-1f5b-4b9f-9d2a-7f5f1f6d3d0b',
    payload: {
      responseCode: 1,
      authCode: 'ABC123',
      authAmount: 29.97,
      entityName: 'transaction',
      id,
    },
  });

describe('AuthnetGateway', () => {
  it('asks for a hosted form token with the documented request', async () => {
    const { token } = await gateway().createHostedForm(formRequest);
    const issued = fake.forms.at(-1)!;
    expect(token).toBe(issued.token);
    expect(issued).toMatchObject({
      amount: '29.97',
      invoiceNumber: 'BB0123456789AB',
      refId: '17',
      settings: {
        hostedPaymentReturnOptions: { showReceipt: false },
        hostedPaymentIFrameCommunicatorUrl: { url: formRequest.communicatorUrl },
        hostedPaymentPaymentOptions: { cardCodeRequired: true, showBankAccount: false },
      },
    });
    expect(gateway().formUrl).toBe('https://test.authorize.net/payment/payment');
    expect(gateway({ environment: 'production', apiUrl: fake.url })).toMatchObject({
      formUrl: 'https://accept.authorize.net/payment/payment',
      formOrigin: 'https://accept.authorize.net',
      formSandboxed: false,
    });
  });

  it('reads transactions: approved, refunds, declines, unknown ids', async () => {
    const form = fake.forms.at(-1)!;
    const paid = fake.pay(form);
    expect(await gateway().getTransaction(paid.transId)).toEqual({
      transactionId: paid.transId,
      kind: 'payment',
      state: 'approved',
      refTransactionId: null,
      amountCents: 2997,
      invoiceNumber: 'BB0123456789AB',
      authCode: 'ABC123',
      card: { brand: 'Visa', last4: '1111' },
    });
    for (const [status, state] of [
      ['settledSuccessfully', 'approved'],
      ['authorizedPendingCapture', 'approved'],
      ['FDSPendingReview', 'pending'],
      ['underReview', 'pending'],
      ['declined', 'declined'],
      ['voided', 'voided'],
      ['expired', 'declined'],
    ] as const) {
      const tx = fake.pay(form, status);
      expect((await gateway().getTransaction(tx.transId))?.state).toBe(state);
    }
    const refundId = '70000000001';
    fake.transactions.set(refundId, {
      transId: refundId,
      refTransId: paid.transId,
      transactionType: 'refundTransaction',
      transactionStatus: 'refundPendingSettlement',
      responseCode: 1,
      authAmount: 29.97,
      invoiceNumber: form.invoiceNumber,
    });
    expect(await gateway().getTransaction(refundId)).toMatchObject({
      kind: 'refund',
      state: 'approved',
      refTransactionId: paid.transId,
    });
    expect(await gateway().getTransaction('99999999999')).toBeNull();
  });

  it('treats refused credentials and an unreachable API as unavailable', async () => {
    await expect(
      gateway({ transactionKey: 'wrong' }).createHostedForm(formRequest),
    ).rejects.toThrow(/E00007/);
    await expect(
      gateway({ apiUrl: 'http://127.0.0.1:9/xml/v1/request.api' }).getTransaction('1'),
    ).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it('accepts webhooks signed with the Signature Key (as text or as hex bytes) and nothing else', () => {
    const body = event('net.authorize.payment.authcapture.created', '60000000001');
    const asText = signAnetBody(body, ANET_SIGNATURE_KEY);
    const asBytes = `sha512=${createHmac('sha512', Buffer.from(ANET_SIGNATURE_KEY, 'hex')).update(body).digest('hex')}`;
    for (const signature of [asText, asBytes, asText.toLowerCase()]) {
      expect(gateway().readWebhook(body, signature)).toEqual({
        kind: 'payment',
        transactionId: '60000000001',
      });
    }
    for (const signature of [
      undefined,
      '',
      'sha512=00',
      signAnetBody(body, 'OTHER'),
      asText.replace('sha512=', 'sha256='),
    ]) {
      expect(() => gateway().readWebhook(body, signature)).toThrow(WebhookSignatureError);
    }
    expect(() => gateway().readWebhook(`${body} `, asText)).toThrow(WebhookSignatureError);
    const read = (type: string) =>
      gateway().readWebhook(event(type, '7'), signAnetBody(event(type, '7'), ANET_SIGNATURE_KEY));
    expect(read('net.authorize.payment.refund.created')).toEqual({
      kind: 'refund',
      transactionId: '7',
    });
    expect(read('net.authorize.payment.void.created')).toEqual({
      kind: 'void',
      transactionId: '7',
    });
    expect(read('net.authorize.payment.fraud.approved')).toEqual({
      kind: 'payment',
      transactionId: '7',
    });
    expect(read('net.authorize.customer.created')).toEqual({
      kind: 'ignored',
      eventType: 'net.authorize.customer.created',
    });
  });
});

describe('buying tokens with PAYMENTS_PROVIDER=authnet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PAYMENTS_PROVIDER: 'authnet',
      AUTHNET_API_LOGIN_ID: ANET_LOGIN,
      AUTHNET_TRANSACTION_KEY: ANET_KEY,
      AUTHNET_SIGNATURE_KEY: ANET_SIGNATURE_KEY,
      AUTHNET_API_URL: fake.url,
      PUBLIC_URL: 'https://bidboard.example',
    });
  });
  afterAll(() => t.close());

  it('frames Accept Hosted, credits after the lookup, and takes webhooks signed by Authorize.Net', async () => {
    const row = await buildBidder(t.database.db, 0);
    const { token } = await signIn(t, row.phone_number);
    const headers = { authorization: `Bearer ${token}` };
    const starter = (await bundles(t, headers))[0]!;

    const form = await openForm(t, headers, starter);
    expect(form).toMatchObject({
      formUrl: 'https://test.authorize.net/payment/payment',
      formSandboxed: true,
      token: fake.forms.at(-1)!.token,
    });
    expect(fake.forms.at(-1)!.settings.hostedPaymentIFrameCommunicatorUrl).toEqual({
      url: 'https://bidboard.example/api/payments/communicator.html',
    });

    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self' https://test.authorize.net");
    expect(csp).toContain("form-action 'self' https://test.authorize.net");
    const communicator = await t.app.inject({
      method: 'GET',
      url: '/api/payments/communicator.html',
    });
    expect(communicator.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://test.authorize.net",
    );
    const sandboxPage = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/transact',
    });
    expect(sandboxPage.statusCode).toBe(404);

    const first = fake.pay(fake.forms.at(-1)!);
    const res = await confirm(t, headers, {
      transactionId: first.transId,
      amount: form.amount,
      tokens: form.tokens,
      quantity: 1,
      authCode: 'ABC123',
      item_id: form.item_id,
      item_name: form.item_name,
    });
    expect(res.json()).toMatchObject({ code: 'PURCHASE_COMPLETED', newBalance: starter.token_qty });

    // A member who closed the tab: only the webhook tells us.
    await openForm(t, headers, starter);
    const second = fake.pay(fake.forms.at(-1)!);
    const body = event('net.authorize.payment.authcapture.created', second.transId);
    const deliver = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-anet-signature': signature },
        payload: body,
      });
    expect((await deliver(signAnetBody(body, 'NOT-THE-KEY'))).statusCode).toBe(401);
    expect((await deliver(signAnetBody(body, ANET_SIGNATURE_KEY))).json().outcome).toBe('credited');
    expect((await deliver(signAnetBody(body, ANET_SIGNATURE_KEY))).json().outcome).toBe(
      'already-credited',
    );
    expect(await balanceOf(t.database.db, row.id)).toBe(2 * starter.token_qty);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});
