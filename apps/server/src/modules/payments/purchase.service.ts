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
import { GatewayUnavailableError } from '../../adapters/payments/payments.port';
import { loadSettings } from '../settings/settings.service';
import {
  duplicateConstraint,
  duplicateSameUser,
  paymentPending,
  paymentUnverified,
  rapidSubmission,
  securityViolation,
} from './payment-errors';
import {
  claimLease,
  leaseHolder,
  lockSubmissionsOf,
  releaseLease,
  submittedOtherSince,
} from './payment-submissions.repository';
import type { PaymentsContext } from './payments.context';
import { creditPayment, findIntentByInvoice } from './purchase-credit';
import { purchaserOf } from './purchases.repository';

/** Longer than a processor lookup may take (15 s), so a lease outlives its request. */
const LEASE_MS = 30_000;

export async function confirmPurchase(
  ctx: PaymentsContext,
  userId: number,
  body: PurchaseTokensBody,
): Promise<PurchaseTokensResponse> {
  const transactionId = body.transactionId;
  const credited = await purchaserOf(ctx.db, ctx.gateway.provider, transactionId);
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
    await releaseLease(ctx.db, ctx.gateway.provider, transactionId, ctx.clock());
  }
}

/**
 * Takes the transaction's lease for this request, after refusing a member who confirms
 * different payments faster than the rapid-submission setting allows.
 */
async function claimSubmission(ctx: PaymentsContext, userId: number, transactionId: string) {
  const provider = ctx.gateway.provider;
  const now = ctx.clock();
  const submission = { userId, provider, transactionId };
  await ctx.db.transaction(async (tx) => {
    await lockSubmissionsOf(tx, userId);
    const { rapid_submission_seconds: rapidSeconds } = await loadSettings(tx, ctx.config);
    if (rapidSeconds > 0) {
      const since = new Date(now.getTime() - rapidSeconds * 1000);
      if (await submittedOtherSince(tx, submission, since)) throw rapidSubmission();
    }
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    if (await claimLease(tx, submission, now, leaseUntil)) return;
    // Someone is asking the processor about this transaction right now.
    const holder = await leaseHolder(tx, provider, transactionId);
    throw holder?.user_id === userId ? duplicateSameUser() : rapidSubmission();
  });
}
