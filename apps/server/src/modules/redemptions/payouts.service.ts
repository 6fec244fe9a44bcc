// Sending pending redemptions through the payout provider and applying what it reports.
// A redemption is claimed for sending by a guarded update (submitted_at), so an admin
// cannot decide it by hand while the money is on its way; the sender_batch_id makes a
// retry after a crash or a timeout safe. The sweeper (jobs/payout-submit.ts) retries.
// A redemption its risk review holds is claimed by neither until an admin approves it, and
// one the identity rules hold (issue 43) by neither until the member's payee profile exists.
import { type PayoutEvent, PayoutRejectedError } from '../../adapters/payouts/payouts.port';
import type { RedemptionRow } from '../../db/payments.schema';
import { paymentMetrics } from '../../lib/metrics';
import type { PaymentsContext } from '../payments/payments.context';
import {
  claimUnsentPayouts,
  providerRedemptionStatus,
  recordPayoutSendFailed,
  recordPayoutSent,
} from './payouts.repository';
import { notePayoutStatus, settleRedemption } from './redemptions.service';

/**
 * A claim older than this without a batch id is sent again: the send failed, or the process
 * died mid-send. PayPal may have taken a request whose answer was lost, so the claim is
 * never released to an admin; the sender_batch_id keeps the resend from paying twice.
 */
const RESEND_AFTER_MS = 2 * 60 * 1000;
const SWEEP_BATCH = 20;

/** Claims what is due for sending: every pending redemption, or only `redemptionId`. */
async function claim(ctx: PaymentsContext, redemptionId?: number) {
  const now = ctx.clock();
  return claimUnsentPayouts(ctx.db, {
    provider: ctx.payouts.provider,
    now,
    resendBefore: new Date(now.getTime() - RESEND_AFTER_MS),
    limit: SWEEP_BATCH,
    redemptionId,
  });
}

async function send(ctx: PaymentsContext, redemption: RedemptionRow): Promise<void> {
  try {
    const sent = await ctx.payouts.submit({
      redemptionId: redemption.id,
      email: redemption.paypal_email,
      amountCents: redemption.amount_cents,
    });
    if (!sent) return;
    await recordPayoutSent(ctx.db, redemption.id, {
      batchId: sent.batchId ?? `sent:${redemption.id}`,
      status: sent.status,
      now: ctx.clock(),
    });
  } catch (error) {
    if (error instanceof PayoutRejectedError) {
      await settleRedemption(ctx, redemption.id, { outcome: 'failed', reason: error.reason });
      return;
    }
    ctx.log?.warn({ err: error, redemptionId: redemption.id }, 'payout not sent; will retry');
    paymentMetrics.payout('send_failed');
    await recordPayoutSendFailed(ctx.db, redemption.id, ctx.clock());
  }
}

/** Sends a new redemption at once (the sweeper catches anything this misses). */
export async function sendPayout(ctx: PaymentsContext, redemptionId: number): Promise<void> {
  if (ctx.payouts.provider === 'manual') return;
  for (const redemption of await claim(ctx, redemptionId)) await send(ctx, redemption);
}

/** Sends every pending redemption not sent yet, and retries failed or interrupted sends. */
export async function sweepPayouts(ctx: PaymentsContext): Promise<number> {
  if (ctx.payouts.provider === 'manual') return 0;
  const claimed = await claim(ctx);
  for (const redemption of claimed) await send(ctx, redemption);
  return claimed.length;
}

export type PayoutEventOutcome = 'paid' | 'failed' | 'noted' | 'ignored';

/** Applies a verified provider event; events about decided redemptions change nothing. */
export async function applyPayoutEvent(
  ctx: PaymentsContext,
  event: PayoutEvent,
): Promise<PayoutEventOutcome> {
  const status = await providerRedemptionStatus(ctx.db, event.redemptionId, ctx.payouts.provider);
  if (status !== 'pending') return 'ignored';
  if (event.outcome === 'unclaimed' || event.outcome === 'held') {
    return (await notePayoutStatus(ctx, event.redemptionId, event.status, event.itemId))
      ? 'noted'
      : 'ignored';
  }
  const common = { payoutStatus: event.status, payoutItemId: event.itemId };
  try {
    await settleRedemption(
      ctx,
      event.redemptionId,
      event.outcome === 'paid'
        ? { outcome: 'paid', ...common }
        : { outcome: 'failed', reason: event.reason ?? 'PayPal payout failed', ...common },
    );
  } catch (error) {
    // Decided by a concurrent delivery of the same event.
    if ((error as { code?: string }).code === 'CONFLICT') return 'ignored';
    throw error;
  }
  return event.outcome;
}
