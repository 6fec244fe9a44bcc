// Buying through the sandbox card processor the way the browser does: a form token from
// POST /create-transaction-token, the card posted to the hosted page's transact endpoint,
// then POST /purchase-tokens; and signed webhooks as the processor sends them.
import type { CreateTransactionTokenResponse, TokenBundle } from '@bidboard/shared';
import { signAnetBody } from '../src/adapters/payments/anet-signature';
import type { SandboxTransactResponse } from '../src/adapters/payments/sandbox/sandbox.gateway';
import { loadSecrets } from '../src/lib/secrets';
import type { TestApp } from './app';

export const APPROVE_CARD = '4111111111111111';
export const DECLINE_CARD = '4000000000000002';

export type Headers = { authorization: string };

export async function bundles(t: TestApp, headers: Headers): Promise<TokenBundle[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/items', headers });
  if (res.statusCode !== 200) throw new Error(`items ${res.statusCode}: ${res.body}`);
  return res.json().items;
}

export function formRequest(bundle: TokenBundle, quantity = 1) {
  return {
    item_id: bundle.id,
    item_name: bundle.name,
    quantity,
    amount: (bundle.cost_cents * quantity) / 100,
    tokens: bundle.token_qty * quantity,
  };
}

export async function openForm(
  t: TestApp,
  headers: Headers,
  bundle: TokenBundle,
  quantity = 1,
): Promise<CreateTransactionTokenResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-transaction-token',
    headers,
    payload: formRequest(bundle, quantity),
  });
  if (res.statusCode !== 200) throw new Error(`form ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** The hosted page's card submission; the answer is Accept Hosted's transactResponse. */
export async function payOnHostedForm(
  t: TestApp,
  formToken: string,
  cardNumber = APPROVE_CARD,
): Promise<SandboxTransactResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/transact',
    payload: {
      token: formToken,
      cardNumber,
      expirationDate: '12/39',
      cardCode: '123',
      zip: '10001',
    },
  });
  if (res.statusCode !== 200) throw new Error(`transact ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** What the overlay sends after response code 1. */
export function purchaseRequest(
  form: CreateTransactionTokenResponse,
  paid: SandboxTransactResponse,
) {
  return {
    transactionId: paid.transId,
    amount: form.amount,
    tokens: form.tokens,
    quantity: form.quantity,
    authCode: paid.authorization,
    fullResponse: paid,
    item_id: form.item_id,
    item_name: form.item_name,
  };
}

export function confirm(t: TestApp, headers: Headers, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/purchase-tokens', headers, payload });
}

/** A paid sandbox transaction for `bundle`, not yet confirmed. */
export async function paidForm(t: TestApp, headers: Headers, bundle: TokenBundle, quantity = 1) {
  const form = await openForm(t, headers, bundle, quantity);
  const paid = await payOnHostedForm(t, form.token);
  return { form, paid, request: purchaseRequest(form, paid) };
}

/** An Authorize.Net-style webhook delivery signed with the sandbox processor's key. */
export function deliverWebhook(
  t: TestApp,
  eventType: string,
  transactionId: string,
  options: { signature?: string } = {},
) {
  const body = JSON.stringify({
    notificationId: `n-${transactionId}-${eventType}`,
    eventType,
    eventDate: new Date().toISOString(),
    webhookId: 'sandbox',
    payload: { entityName: 'transaction', id: transactionId, responseCode: 1 },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-anet-signature':
        options.signature ?? signAnetBody(body, loadSecrets(t.config).paymentsSandboxKey),
    },
    payload: body,
  });
}
