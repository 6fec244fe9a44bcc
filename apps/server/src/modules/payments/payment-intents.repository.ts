// SQL of payment intents: what a member asked to buy before the card form opened, and the
// payment limits counted over their recent forms and purchases.
import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import type { PaymentIntentRow } from '../../db/payments.schema';

/** Serialises one member's form requests, so parallel ones cannot slip past the limits. */
export async function lockPaymentLimitsOf(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('payment-limits'), ${userId})`);
}

export interface PaymentUsage {
  forms: number;
  recent: number;
  day_cents: number;
}

/** The member's forms, completed purchases and purchased cents since each window opened. */
export async function paymentUsage(
  tx: Executor,
  userId: number,
  since: { forms: Date; purchases: Date; day: Date },
): Promise<PaymentUsage> {
  const [usage] = await rows<PaymentUsage>(
    tx,
    sql`SELECT
          (SELECT COUNT(*)::int FROM payment_intents
            WHERE user_id = ${userId}
              AND created_at > ${since.forms}) AS forms,
          (SELECT COUNT(*)::int FROM token_purchases
            WHERE user_id = ${userId} AND status = 'completed'
              AND created_at > ${since.purchases}) AS recent,
          (SELECT COALESCE(SUM(amount_cents), 0)::int FROM token_purchases
            WHERE user_id = ${userId} AND status = 'completed'
              AND created_at > ${since.day}) AS day_cents`,
  );
  return usage!;
}

export async function insertPaymentIntent(
  tx: Executor,
  intent: {
    userId: number;
    bundleId: number;
    itemName: string;
    quantity: number;
    tokens: number;
    amountCents: number;
    provider: string;
    invoiceNumber: string;
    now: Date;
  },
): Promise<{ id: number; invoice_number: string }> {
  const [created] = await rows<{ id: number; invoice_number: string }>(
    tx,
    sql`INSERT INTO payment_intents
          (user_id, bundle_id, item_name, quantity, tokens, amount_cents, provider, invoice_number, created_at)
        VALUES (${intent.userId}, ${intent.bundleId}, ${intent.itemName}, ${intent.quantity},
                ${intent.tokens}, ${intent.amountCents}, ${intent.provider}, ${intent.invoiceNumber},
                ${intent.now})
        RETURNING id, invoice_number`,
  );
  return created!;
}

export async function setFormToken(db: Executor, intentId: number, token: string): Promise<void> {
  await db.execute(sql`UPDATE payment_intents SET form_token = ${token} WHERE id = ${intentId}`);
}

export async function intentByInvoice(
  db: Executor,
  invoiceNumber: string,
): Promise<PaymentIntentRow | null> {
  const [intent] = await rows<PaymentIntentRow>(
    db,
    sql`SELECT * FROM payment_intents WHERE invoice_number = ${invoiceNumber}`,
  );
  return intent ?? null;
}

/** The provider's intent with this invoice, row-locked until the transaction ends. */
export async function lockIntent(
  tx: Tx,
  provider: string,
  invoiceNumber: string | null,
): Promise<PaymentIntentRow | null> {
  const [intent] = await rows<PaymentIntentRow>(
    tx,
    sql`SELECT * FROM payment_intents
         WHERE invoice_number = ${invoiceNumber} AND provider = ${provider}
           FOR UPDATE`,
  );
  return intent ?? null;
}

export async function completeIntent(tx: Tx, intentId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE payment_intents SET status = 'completed', completed_at = ${now} WHERE id = ${intentId}`,
  );
}
