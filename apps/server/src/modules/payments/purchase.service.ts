// POST /purchase-tokens (marketplace §4 Payment flow, §7, §8 Payments): the member's
// browser reports response code 1 with the gateway's transaction id. Nothing the browser
// says is believed: the processor is asked about the transaction, which must be approved,
// carry the invoice of an intent this member opened and its exact amount; the browser's
// own figures must match that intent too. One request at a time may ask the processor
// about a transaction (a lease row), so a burst of retries costs one lookup.
import {
  dollarsToCents,
  PAYMENT_MESSAGES,
  type PurchaseTokensBody,
  type PurchaseTokensResponse,
} from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { GatewayUnavailableError } from '../../adapters/payments/payments.port';
import { rows } from '../../db/client';
import { loadSettings } from '../settings/settings.service';
import {
  duplicateConstraint,
  duplicateSameUser,
  paymentPending,
  paymentUnverified,
  rapidSubmission,
  securityViolation,
} from './payment-errors';
import type { PaymentsContext } from './payments.context';
import { creditPayment, findIntentByInvoice } from './purchase-credit';

/** Longer than a processor lookup may take (15 s), so a lease outlives its request. */
const LEASE_MS = 30_000;

export async function confirmPurchase(
  ctx: PaymentsContext,
  userId: number,
  body: PurchaseTokensBody,
): Promise<PurchaseTokensResponse> {
  const transactionId = body.transactionId;
  const [credited] = await rows<{ user_id: number }>(
    ctx.db,
    sql`SELECT user_id FROM token_purchases
         WHERE provider = ${ctx.gateway.provider} AND transaction_id = ${transactionId}`,
  );
  if (credited) throw credited.user_id === userId ? duplicateSameUser() : securityViolation();

  await claimSubmission(ctx, userId, transactionId);
  try {
    let payment: Awaited<ReturnType<PaymentsContext['gateway']['getTransaction']>>;
    try {
      payment = await ctx.gateway.getTransaction(transactionId);
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError)) throw error;
      ctx.log?.warn({ err: error, transactionId }, 'payment lookup failed');
      throw paymentUnverified();
    }
    if (payment?.kind !== 'payment') throw securityViolation();
    if (payment.state === 'pending') throw paymentPending();
    if (payment.state !== 'approved') throw securityViolation();
    const intent = await findIntentByInvoice(ctx, payment.invoiceNumber);
    if (
      !intent ||
      intent.user_id !== userId ||
      intent.provider !== ctx.gateway.provider ||
      payment.amountCents !== intent.amount_cents
    ) {
      throw securityViolation();
    }
    // The browser must have shown the member what the server sold them.
    if (
      dollarsToCents(body.amount) !== intent.amount_cents ||
      body.tokens !== intent.tokens ||
      body.quantity !== intent.quantity ||
      body.item_id !== intent.bundle_id
    ) {
      throw securityViolation();
    }
    const result = await creditPayment(ctx, payment, 'client');
    if (result.status === 'unknown') throw securityViolation();
    if (result.status === 'duplicate') throw duplicateConstraint();
    return {
      success: true,
      message: PAYMENT_MESSAGES.purchaseCompleted(result.intent.tokens),
      newBalance: result.entry.balance_after,
      code: 'PURCHASE_COMPLETED',
      tokens: result.intent.tokens,
    };
  } finally {
    await ctx.db.execute(
      sql`UPDATE payment_submissions SET lease_until = ${ctx.clock()}
           WHERE provider = ${ctx.gateway.provider} AND transaction_id = ${transactionId}`,
    );
  }
}

/**
 * Takes the transaction's lease for this request, after refusing a member who confirms
 * different payments faster than the rapid-submission setting allows.
 */
async function claimSubmission(ctx: PaymentsContext, userId: number, transactionId: string) {
  const provider = ctx.gateway.provider;
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('payment-submissions'), ${userId})`);
    const { rapid_submission_seconds: rapidSeconds } = await loadSettings(tx, ctx.config);
    if (rapidSeconds > 0) {
      const recent = await rows(
        tx,
        sql`SELECT 1 FROM payment_submissions
             WHERE user_id = ${userId}
               AND NOT (provider = ${provider} AND transaction_id = ${transactionId})
               AND submitted_at > ${new Date(now.getTime() - rapidSeconds * 1000)}
             LIMIT 1`,
      );
      if (recent.length > 0) throw rapidSubmission();
    }
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    const claimed = await rows(
      tx,
      sql`INSERT INTO payment_submissions (provider, transaction_id, user_id, submitted_at, lease_until)
          VALUES (${provider}, ${transactionId}, ${userId}, ${now}, ${leaseUntil})
          ON CONFLICT (provider, transaction_id) DO UPDATE
             SET user_id = EXCLUDED.user_id, submitted_at = EXCLUDED.submitted_at,
                 lease_until = EXCLUDED.lease_until
           WHERE payment_submissions.lease_until <= ${now}
          RETURNING 1`,
    );
    if (claimed.length > 0) return;
    // Someone is asking the processor about this transaction right now.
    const [holder] = await rows<{ user_id: number }>(
      tx,
      sql`SELECT user_id FROM payment_submissions
           WHERE provider = ${provider} AND transaction_id = ${transactionId}`,
    );
    throw holder?.user_id === userId ? duplicateSameUser() : rapidSubmission();
  });
}
