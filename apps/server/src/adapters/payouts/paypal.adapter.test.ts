// The PayPal Payouts adapter against a local server speaking PayPal's REST shapes, then
// redemptions end to end with PAYOUTS_PROVIDER=paypal: sent once per redemption, decided
// only by verified webhooks (paid, failed, unclaimed then returned), resent after an outage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import {
  type FakePaypal,
  PAYPAL_CLIENT_ID,
  PAYPAL_SECRET,
  PAYPAL_WEBHOOK_ID,
  payoutItemEvent,
  startFakePaypal,
} from '../../../test/fake-paypal';
import { buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { adjustTokens } from '../../modules/admin/admin.service';
import type { PaymentsContext } from '../../modules/payments/payments.context';
import { sweepPayouts } from '../../modules/redemptions/payouts.service';
import { WebhookSignatureError } from '../payments/payments.port';
import { PayoutRejectedError, PayoutUnavailableError } from './payouts.port';
import { PaypalPayouts } from './paypal.adapter';

let fake: FakePaypal;
beforeAll(async () => {
  fake = await startFakePaypal();
});
afterAll(() => fake.close());

const paypal = (overrides: Partial<ConstructorParameters<typeof PaypalPayouts>[0]> = {}) =>
  new PaypalPayouts({
    environment: 'sandbox',
    clientId: PAYPAL_CLIENT_ID,
    clientSecret: PAYPAL_SECRET,
    webhookId: PAYPAL_WEBHOOK_ID,
    apiUrl: fake.url,
    ...overrides,
  });

describe('PaypalPayouts', () => {
  it('sends one payout batch per redemption with an OAuth2 token it reuses', async () => {
    const client = paypal();
    const before = fake.tokensIssued;
    const sent = await client.submit({
      redemptionId: 101,
      email: 'a@example.com',
      amountCents: 2475,
    });
    expect(sent).toEqual({ batchId: fake.payouts.at(-1)!.batchId, status: 'PENDING' });
    expect(fake.payouts.at(-1)!.body).toMatchObject({
      sender_batch_header: { sender_batch_id: 'redemption-101' },
      items: [
        {
          recipient_type: 'EMAIL',
          amount: { value: '24.75', currency: 'USD' },
          receiver: 'a@example.com',
          sender_item_id: 'redemption-101',
        },
      ],
    });
    // A repeat is refused by PayPal and read as already sent, naming the original batch.
    expect(
      await client.submit({ redemptionId: 101, email: 'a@example.com', amountCents: 2475 }),
    ).toEqual({
      batchId: sent.batchId,
      status: 'SUBMITTED',
    });
    expect(
      fake.payouts.filter((p) => p.body.sender_batch_header.sender_batch_id === 'redemption-101'),
    ).toHaveLength(1);
    expect(fake.tokensIssued - before).toBe(1);

    fake.revokeTokens();
    await client.submit({ redemptionId: 102, email: 'b@example.com', amountCents: 500 });
    expect(fake.tokensIssued - before).toBe(2);
  });

  it('tells a refusal (no retry) from an outage (retry)', async () => {
    await expect(
      paypal().submit({ redemptionId: 103, email: 'not-an-address', amountCents: 500 }),
    ).rejects.toEqual(new PayoutRejectedError('Receiver is invalid or does not match with type'));
    fake.failNext(503);
    await expect(
      paypal().submit({ redemptionId: 104, email: 'c@example.com', amountCents: 500 }),
    ).rejects.toBeInstanceOf(PayoutUnavailableError);
    await expect(
      paypal({ clientSecret: 'wrong' }).submit({
        redemptionId: 105,
        email: 'c@example.com',
        amountCents: 500,
      }),
    ).rejects.toBeInstanceOf(PayoutUnavailableError);
  });

  it('believes a webhook only when PayPal verifies its signature', async () => {
    const client = paypal();
    const { body, headers } = fake.signEvent(
      payoutItemEvent('PAYMENT.PAYOUTS-ITEM.SUCCEEDED', 'redemption-7'),
    );
    expect(await client.readWebhook(body, headers)).toMatchObject({
      redemptionId: 7,
      outcome: 'paid',
      reason: null,
      status: 'SUCCEEDED',
    });
    const tampered = body.replace('5.00', '500.00');
    await expect(client.readWebhook(tampered, headers)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    const { 'paypal-transmission-sig': _dropped, ...unsigned } = headers;
    await expect(client.readWebhook(body, unsigned)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(paypal({ webhookId: 'OTHER' }).readWebhook(body, headers)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );

    const read = async (type: string, extra = {}) => {
      const signed = fake.signEvent(payoutItemEvent(type, 'redemption-8', extra));
      return client.readWebhook(signed.body, signed.headers);
    };
    expect(await read('PAYMENT.PAYOUTS-ITEM.UNCLAIMED')).toMatchObject({ outcome: 'unclaimed' });
    expect(
      await read('PAYMENT.PAYOUTS-ITEM.FAILED', {
        errors: { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' },
      }),
    ).toMatchObject({
      outcome: 'failed',
      reason: 'Receiver is unregistered',
    });
    expect(await read('PAYMENT.PAYOUTS-ITEM.RETURNED')).toMatchObject({
      outcome: 'failed',
      reason: 'PayPal returned the unclaimed payout',
    });
    expect(await read('PAYMENT.PAYOUTSBATCH.SUCCESS')).toBeNull();
  });
});

describe('redemptions with PAYOUTS_PROVIDER=paypal', () => {
  const ADMIN = '+12125550195';
  const clock = testClock('2026-03-02T15:00:00Z');
  let t: TestApp;
  let admin: { headers: { authorization: string } };

  beforeAll(async () => {
    t = await createTestApp(
      {
        ADMIN_PHONES: ADMIN,
        SWEEPER_ENABLED: 'false',
        PAYOUTS_PROVIDER: 'paypal',
        PAYPAL_CLIENT_ID,
        PAYPAL_CLIENT_SECRET: PAYPAL_SECRET,
        PAYPAL_WEBHOOK_ID,
        PAYPAL_API_URL: fake.url,
      },
      { clock: clock.clock },
    );
    admin = await member(0, ADMIN);
  });
  afterAll(() => t.close());

  async function member(earned: number, phone?: string) {
    const row = await buildBidder(t.database.db, 0, phone ? { phone_number: phone } : {});
    if (earned)
      await adjustTokens({ db: t.database.db }, row.username!, earned, {
        redeemable: true,
        cash: { cents: earned, reference: 'Bank transfer' },
      });
    const { token } = await signIn(t, row.phone_number);
    return { ...row, headers: { authorization: `Bearer ${token}` } };
  }

  const redeem = async (m: { headers: object }, email = 'member@example.com') =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/redeem-tokens',
        headers: m.headers as Record<string, string>,
        payload: { token_amount: 500, paypal_email: email },
      })
    ).json().redemption as { id: number };

  const redemption = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/redemptions', headers: admin.headers }))
      .json()
      .redemptions.find((r: { id: number }) => r.id === id);

  const webhook = (event: object) => {
    const { body, headers } = fake.signEvent(event);
    return t.app.inject({ method: 'POST', url: '/api/payouts/webhook', headers, payload: body });
  };

  const me = async (m: { headers: object }) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: m.headers as Record<string, string>,
      })
    ).json().user;

  it('sends the payout at once; PayPal’s verified webhook marks it paid; admins cannot overrule', async () => {
    const m = await member(800);
    const { id } = await redeem(m);
    await expect.poll(async () => (await redemption(id)).payout_status).toBe('PENDING');
    expect((await redemption(id)).payout_batch_id).toBe(fake.payouts.at(-1)!.batchId);
    expect(fake.payouts.at(-1)!.body.items[0]!.amount.value).toBe('5.00');

    const overrule = await t.app.inject({
      method: 'POST',
      url: `/api/admin/redemptions/${id}/failed`,
      headers: admin.headers,
      payload: { reason: 'changed my mind' },
    });
    expect(overrule.statusCode).toBe(409);
    expect(overrule.json().message).toBe(
      'This payout was sent to PayPal; its outcome comes from PayPal.',
    );

    const forged = fake.signEvent(
      payoutItemEvent('PAYMENT.PAYOUTS-ITEM.SUCCEEDED', `redemption-${id}`),
    );
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payouts/webhook',
      headers: { ...forged.headers, 'paypal-transmission-sig': 'AAAA' },
      payload: forged.body,
    });
    expect(bad.statusCode).toBe(401);

    const paid = payoutItemEvent('PAYMENT.PAYOUTS-ITEM.SUCCEEDED', `redemption-${id}`);
    expect((await webhook(paid)).json()).toEqual({ received: true, outcome: 'paid' });
    expect((await webhook(paid)).json().outcome).toBe('ignored');
    expect(await redemption(id)).toMatchObject({ status: 'paid', payout_status: 'SUCCEEDED' });
    expect(await me(m)).toMatchObject({ tokenBalance: 300, redeemableTokens: 300 });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('unclaimed waits; returned fails and gives the tokens back', async () => {
    const m = await member(500);
    const { id } = await redeem(m);
    await expect.poll(async () => (await redemption(id)).payout_status).toBe('PENDING');
    expect(
      (await webhook(payoutItemEvent('PAYMENT.PAYOUTS-ITEM.UNCLAIMED', `redemption-${id}`))).json()
        .outcome,
    ).toBe('noted');
    expect(await redemption(id)).toMatchObject({ status: 'pending', payout_status: 'UNCLAIMED' });
    expect(await me(m)).toMatchObject({ tokenBalance: 0, redeemableTokens: 0 });
    expect(
      (await webhook(payoutItemEvent('PAYMENT.PAYOUTS-ITEM.RETURNED', `redemption-${id}`))).json()
        .outcome,
    ).toBe('failed');
    expect(await redemption(id)).toMatchObject({
      status: 'failed',
      reason: 'PayPal returned the unclaimed payout',
    });
    expect(await me(m)).toMatchObject({ tokenBalance: 500, redeemableTokens: 500 });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('an address PayPal refuses fails at once; an outage is sent again by the sweeper', async () => {
    const refused = await member(500);
    const { id: refusedId } = await redeem(refused, 'nobody@invalid.x');
    await expect.poll(async () => (await redemption(refusedId)).status).toBe('failed');
    expect((await redemption(refusedId)).reason).toBe(
      'Receiver is invalid or does not match with type',
    );
    expect(await me(refused)).toMatchObject({ tokenBalance: 500, redeemableTokens: 500 });

    fake.failNext(503);
    const m = await member(500);
    const { id } = await redeem(m);
    await expect.poll(async () => (await redemption(id)).payout_status).toBe('SEND_FAILED');
    const ctx: PaymentsContext = {
      db: t.database.db,
      config: t.config,
      clock: clock.clock,
      gateway: undefined as never,
      payouts: paypal(),
    };
    expect(await sweepPayouts(ctx)).toBe(0);
    clock.set(new Date(clock.clock().getTime() + 2 * 60_000 + 1000));
    expect(await sweepPayouts(ctx)).toBe(1);
    expect(await redemption(id)).toMatchObject({ status: 'pending', payout_status: 'PENDING' });
    expect(
      fake.payouts.filter((p) => p.body.sender_batch_header.sender_batch_id === `redemption-${id}`),
    ).toHaveLength(1);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});
