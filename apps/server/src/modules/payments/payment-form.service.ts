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
  PRODUCT_NAME,
} from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { loadSettings } from '../settings/settings.service';
import { findBundle } from './bundles.repository';
import {
  formFailed,
  highValueRateLimit,
  paymentRateLimit,
  securityViolation,
  tokenCreationRateLimit,
} from './payment-errors';
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
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('payment-limits'), ${userId})`);
    const settings = await loadSettings(tx, ctx.config);
    const [usage] = await rows<{ forms: number; recent: number; day_cents: number }>(
      tx,
      sql`SELECT
            (SELECT COUNT(*)::int FROM payment_intents
              WHERE user_id = ${userId}
                AND created_at > ${minutesAgo(now, settings.payment_form_window_minutes)}) AS forms,
            (SELECT COUNT(*)::int FROM token_purchases
              WHERE user_id = ${userId} AND status = 'completed'
                AND created_at > ${minutesAgo(now, settings.payment_window_minutes)}) AS recent,
            (SELECT COALESCE(SUM(amount_cents), 0)::int FROM token_purchases
              WHERE user_id = ${userId} AND status = 'completed'
                AND created_at > ${new Date(now.getTime() - DAY_MS)}) AS day_cents`,
    );
    if (usage!.forms >= settings.payment_form_limit) {
      throw tokenCreationRateLimit(settings.payment_form_window_minutes);
    }
    if (usage!.recent >= settings.payment_limit) {
      throw paymentRateLimit(settings.payment_window_minutes);
    }
    if (usage!.day_cents + amountCents > settings.high_value_limit_cents) {
      throw highValueRateLimit();
    }
    const [created] = await rows<{ id: number; invoice_number: string }>(
      tx,
      sql`INSERT INTO payment_intents
            (user_id, bundle_id, item_name, quantity, tokens, amount_cents, provider, invoice_number, created_at)
          VALUES (${userId}, ${bundle.id}, ${bundle.name}, ${body.quantity}, ${tokens}, ${amountCents},
                  ${ctx.gateway.provider}, ${newInvoiceNumber()}, ${now})
          RETURNING id, invoice_number`,
    );
    return created!;
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
  await ctx.db.execute(
    sql`UPDATE payment_intents SET form_token = ${token} WHERE id = ${intent.id}`,
  );
  return {
    success: true,
    token,
    message: 'Payment form ready',
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
