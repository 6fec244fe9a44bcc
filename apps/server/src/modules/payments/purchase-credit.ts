// The one function that turns a verified card payment into tokens, used by the member's
// confirmation (POST /purchase-tokens) and by the processor's webhook alike. The intent
// row is locked first, then the member's row: whichever path comes second
// finds the intent completed and credits nothing. The unique (provider, transaction_id)
// on token_purchases and the ledger's idempotency key are the last guards.
import { sql } from 'drizzle-orm';
import type { GatewayTransaction } from '../../adapters/payments/payments.port';
import { rows, type Tx } from '../../db/client';
import type { PaymentIntentRow } from '../../db/payments.schema';
import { paymentMetrics } from '../../lib/metrics';
import { transactionThenPublish } from '../../lib/realtime';
import { loadSettings } from '../settings/settings.service';
import { balanceEvent } from '../tokens/balance.events';
import { applyBalanceChange, type LedgerEntry } from '../tokens/ledger';
import type { PaymentsContext } from './payments.context';

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
  const [intent] = await rows<PaymentIntentRow>(
    ctx.db,
    sql`SELECT * FROM payment_intents WHERE invoice_number = ${invoiceNumber}`,
  );
  return intent ?? null;
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
    const [intent] = await rows<PaymentIntentRow>(
      tx,
      sql`SELECT * FROM payment_intents
           WHERE invoice_number = ${payment.invoiceNumber} AND provider = ${provider}
             FOR UPDATE`,
    );
    if (!intent) return { status: 'unknown' };
    if (intent.status === 'completed') return { status: 'duplicate', intent };
    // The member row next, before any insert that references it: a foreign key check
    // takes a share lock on it, and two credits each holding one would deadlock on the
    // ledger's row lock.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${intent.user_id} FOR UPDATE`);
    const [purchase] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO token_purchases
            (user_id, intent_id, provider, transaction_id, tokens, amount_cents, auth_code, source, created_at)
          VALUES (${intent.user_id}, ${intent.id}, ${provider}, ${payment.transactionId},
                  ${intent.tokens}, ${intent.amount_cents}, ${payment.authCode}, ${source}, ${now})
          ON CONFLICT DO NOTHING
          RETURNING id`,
    );
    if (!purchase) return { status: 'duplicate', intent };
    const entry = await applyBalanceChange(tx, {
      userId: intent.user_id,
      amount: intent.tokens,
      type: 'purchase',
      referenceId: `purchase:${purchase.id}`,
      idempotencyKey: `purchase:${provider}:${payment.transactionId}`,
    });
    // A purchase row without its ledger row would break the books: undo both.
    if (!entry)
      throw new Error(`ledger already holds purchase ${provider}:${payment.transactionId}`);
    await tx.execute(
      sql`UPDATE payment_intents SET status = 'completed', completed_at = ${now} WHERE id = ${intent.id}`,
    );
    await flagHighValue(tx, intent, purchase.id, now, ctx);
    events.add(balanceEvent(entry, 'purchase'));
    return { status: 'credited', entry, intent, purchaseId: purchase.id };
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
  const [day] = await rows<{ cents: number }>(
    tx,
    sql`SELECT COALESCE(SUM(amount_cents), 0)::int AS cents FROM token_purchases
         WHERE user_id = ${intent.user_id} AND status = 'completed'
           AND created_at > ${new Date(now.getTime() - DAY_MS)}`,
  );
  if (day!.cents <= settings.high_value_limit_cents) return;
  await tx.execute(
    sql`INSERT INTO payment_reviews (user_id, purchase_id, reason, amount_cents, note)
        VALUES (${intent.user_id}, ${purchaseId}, 'high_value', ${day!.cents},
                ${`Card purchases of ${(day!.cents / 100).toFixed(2)} USD in 24 hours`})
        ON CONFLICT DO NOTHING`,
  );
}
