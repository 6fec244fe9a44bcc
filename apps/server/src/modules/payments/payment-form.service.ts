// POST /create-transaction-token (marketplace §4 Payment flow, §7): the server prices the
// chosen bundle and quantity, refuses a client whose figures differ (SECURITY_VIOLATION),
// applies the member's payment limits (business settings), records the intent and asks
// the card processor for a hosted form token. Limits are counted under a per-member
// advisory lock, so parallel requests on several servers cannot slip past them.

import { randomBytes } from 'node:crypto';
import {
  type CreateTransactionTokenBody,
  type CreateTransactionTokenResponse,
  centsToDollars,
  dollarsToCents,
  PAYMENT_MESSAGES,
  PRODUCT_NAME,
} from '@bidboard/shared';
import { loadSettings } from '../settings/settings.service';
import { findBundle } from './bundles.repository';
import {
  formFailed,
  highValueRateLimit,
  paymentRateLimit,
  securityViolation,
  tokenCreationRateLimit,
} from './payment-errors';
import {
  insertPaymentIntent,
  lockPaymentLimitsOf,
  paymentUsage,
  setFormToken,
} from './payment-intents.repository';
import type { PaymentsContext } from './payments.context';

const DAY_MS = 24 * 60 * 60 * 1000;
const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/** Ours, under Authorize.Net's 20 characters, unguessable so an old one never matches. */
const newInvoiceNumber = () => `BB${randomBytes(6).toString('hex').toUpperCase()}`;

export interface FormRequest {
  userId: number;
  body: CreateTransactionTokenBody;
  /** Absolute URL of our communicator page for this request's origin. */
  communicatorUrl: string;
}

export async function createTransactionToken(
  ctx: PaymentsContext,
  { userId, body, communicatorUrl }: FormRequest,
): Promise<CreateTransactionTokenResponse> {
  const bundle = await findBundle(ctx.db, { id: body.item_id, name: body.item_name });
  if (!bundle?.is_active || bundle.name !== body.item_name) throw securityViolation();
  const amountCents = bundle.cost_cents * body.quantity;
  const tokens = bundle.token_qty * body.quantity;
  if (dollarsToCents(body.amount) !== amountCents || body.tokens !== tokens) {
    throw securityViolation();
  }

  const now = ctx.clock();
  const intent = await ctx.db.transaction(async (tx) => {
    await lockPaymentLimitsOf(tx, userId);
    const settings = await loadSettings(tx, ctx.config);
    const usage = await paymentUsage(tx, userId, {
      forms: minutesAgo(now, settings.payment_form_window_minutes),
      purchases: minutesAgo(now, settings.payment_window_minutes),
      day: new Date(now.getTime() - DAY_MS),
    });
    if (usage.forms >= settings.payment_form_limit) {
      throw tokenCreationRateLimit(settings.payment_form_window_minutes);
    }
    if (usage.recent >= settings.payment_limit) {
      throw paymentRateLimit(settings.payment_window_minutes);
    }
    if (usage.day_cents + amountCents > settings.high_value_limit_cents) {
      throw highValueRateLimit();
    }
    return insertPaymentIntent(tx, {
      userId,
      bundleId: bundle.id,
      itemName: bundle.name,
      quantity: body.quantity,
      tokens,
      amountCents,
      provider: ctx.gateway.provider,
      invoiceNumber: newInvoiceNumber(),
      now,
    });
  });

  const description = `${PRODUCT_NAME}: ${body.quantity} x ${bundle.name} (${tokens.toLocaleString('en-US')} tokens)`;
  let token: string;
  try {
    ({ token } = await ctx.gateway.createHostedForm({
      invoiceNumber: intent.invoice_number,
      amountCents,
      description,
      customerId: String(userId),
      communicatorUrl,
      refId: String(intent.id),
    }));
  } catch (error) {
    ctx.log?.error({ err: error, intentId: intent.id }, 'payment form token failed');
    throw formFailed();
  }
  await setFormToken(ctx.db, intent.id, token);
  return {
    success: true,
    token,
    message: PAYMENT_MESSAGES.formReady,
    formUrl: ctx.gateway.formUrl,
    formSandboxed: ctx.gateway.formSandboxed,
    invoiceNumber: intent.invoice_number,
    amount: centsToDollars(amountCents),
    amount_cents: amountCents,
    tokens,
    quantity: body.quantity,
    item_id: bundle.id,
    item_name: bundle.name,
  };
}

/** The bundles the token shop offers, as stored. */
export { activeBundles } from './bundles.repository';
