// The one function that turns a verified card payment into tokens, used by the member's
// confirmation (POST /purchase-tokens) and by the processor's webhook alike. The intent
// row is locked first, then the member's row: whichever path comes second
// finds the intent completed and credits nothing. The unique (provider, transaction_id)
// on token_purchases and the ledger's idempotency key are the last guards.
import type { GatewayTransaction } from '../../adapters/payments/payments.port';
import type { Tx } from '../../db/client';
import type { PaymentIntentRow } from '../../db/payments.schema';
import { paymentMetrics } from '../../lib/metrics';
import { transactionThenPublish } from '../../lib/realtime';
import { loadSettings } from '../settings/settings.service';
import { balanceEvent } from '../tokens/balance.events';
import { applyBalanceChange, type LedgerEntry } from '../tokens/ledger';
import { completeIntent, intentByInvoice, lockIntent } from './payment-intents.repository';
import { flagHighValueDay } from './payment-reviews.repository';
import type { PaymentsContext } from './payments.context';
import { completedCentsSince, insertPurchase, lockBuyer } from './purchases.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export type CreditResult =
  | { status: 'credited'; entry: LedgerEntry; intent: PaymentIntentRow; purchaseId: number }
  | { status: 'duplicate'; intent: PaymentIntentRow }
  | { status: 'unknown' };

export async function findIntentByInvoice(
  ctx: Pick<PaymentsContext, 'db'>,
  invoiceNumber: string | null,
): Promise<PaymentIntentRow | null> {
  if (!invoiceNumber) return null;
  return intentByInvoice(ctx.db, invoiceNumber);
}

/**
 * Credits an approved payment the processor confirmed. The caller has checked that it is
 * approved and that its amount is the intent's; this re-reads the intent under a lock.
 */
export async function creditPayment(
  ctx: PaymentsContext,
  payment: GatewayTransaction,
  source: 'client' | 'webhook',
): Promise<CreditResult> {
  const provider = ctx.gateway.provider;
  const now = ctx.clock();
  const result = await transactionThenPublish(ctx, async (tx, events): Promise<CreditResult> => {
    const intent = await lockIntent(tx, provider, payment.invoiceNumber);
    if (!intent) return { status: 'unknown' };
    if (intent.status === 'completed') return { status: 'duplicate', intent };
    // The member row next, before any insert that references it: a foreign key check
    // takes a share lock on it, and two credits each holding one would deadlock on the
    // ledger's row lock.
    await lockBuyer(tx, intent.user_id);
    const purchaseId = await insertPurchase(tx, {
      userId: intent.user_id,
      intentId: intent.id,
      provider,
      transactionId: payment.transactionId,
      tokens: intent.tokens,
      amountCents: intent.amount_cents,
      authCode: payment.authCode,
      cardFingerprint: payment.card
        ? `${payment.card.brand.toLowerCase()}:${payment.card.last4}`
        : null,
      source,
      now,
    });
    if (purchaseId === null) return { status: 'duplicate', intent };
    const entry = await applyBalanceChange(tx, {
      userId: intent.user_id,
      amount: intent.tokens,
      type: 'purchase',
      referenceId: `purchase:${purchaseId}`,
      idempotencyKey: `purchase:${provider}:${payment.transactionId}`,
    });
    // A purchase row without its ledger row would break the books: undo both.
    if (!entry)
      throw new Error(`ledger already holds purchase ${provider}:${payment.transactionId}`);
    await completeIntent(tx, intent.id, now);
    await flagHighValue(tx, intent, purchaseId, now, ctx);
    events.add(balanceEvent(entry, 'purchase'));
    return { status: 'credited', entry, intent, purchaseId };
  });
  paymentMetrics.purchase(result.status);
  return result;
}

/**
 * Forms opened in parallel can each pass the 24-hour limit before any is paid; a paid
 * charge is still credited, and the member is flagged for an operator instead.
 */
async function flagHighValue(
  tx: Tx,
  intent: PaymentIntentRow,
  purchaseId: number,
  now: Date,
  ctx: PaymentsContext,
) {
  const settings = await loadSettings(tx, ctx.config);
  const dayCents = await completedCentsSince(tx, intent.user_id, new Date(now.getTime() - DAY_MS));
  if (dayCents <= settings.high_value_limit_cents) return;
  await flagHighValueDay(tx, { userId: intent.user_id, purchaseId, dayCents });
}
