// The risk review of every redemption (product rules, The token economy must never pay out
// more cash than it takes in). It is computed once, in the request's transaction, and kept
// beside the redemption with every signal; at or above the threshold setting (and for a
// fresh pair, always) the redemption is held: the payout sender skips it until an admin approves it, or an admin rejects it
// (marks it failed, the tokens go back). Each admin decision is audited with the signals
// as they were. Nothing here reaches a member.
import {
  type AdminRedemptionRisk,
  type BusinessSettings,
  isRedemptionHeld,
  REDEMPTION_MESSAGES,
  redemptionRiskScore,
} from '@bidboard/shared';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { recordAdminAction } from '../audit';
import type { PaymentsContext } from '../payments/payments.context';
import {
  approveHeldReview,
  findReview,
  gatherRiskFacts,
  insertReview,
  presentRisk,
  redemptionExists,
} from './risk-review.repository';

/** Reviews a redemption just inserted; must run in the transaction that inserts it. */
export async function reviewRedemption(
  tx: Executor,
  input: { redemptionId: number; userId: number; settings: BusinessSettings; now: Date },
): Promise<void> {
  const signals = await gatherRiskFacts(tx, {
    userId: input.userId,
    now: input.now,
    capCents: input.settings.redemption_member_30_day_cap_cents,
  });
  const score = redemptionRiskScore(signals);
  const threshold = input.settings.redemption_risk_threshold;
  await insertReview(tx, {
    redemptionId: input.redemptionId,
    score,
    threshold,
    held: isRedemptionHeld(score, threshold, signals),
    signals,
    now: input.now,
  });
}

/**
 * The review as the audit row of an admin's decision keeps it: who decides sees these
 * signals, and the log shows what they saw. Null for a redemption from before reviews.
 */
export async function riskAtDecision(
  tx: Executor,
  redemptionId: number,
): Promise<Pick<AdminRedemptionRisk, 'score' | 'threshold' | 'held' | 'signals'> | null> {
  const row = await findReview(tx, redemptionId);
  if (!row) return null;
  const { score, threshold, held, signals } = presentRisk(row);
  return { score, threshold, held, signals };
}

/**
 * An admin releases a held redemption: with PayPal payouts the caller sends it next (or
 * the sweeper does); with manual payouts it joins the queue to be paid by hand. Refused
 * unless it is pending and waiting for review. `adminId` null: the operator CLI.
 */
export async function approveHeldRedemption(
  ctx: Pick<PaymentsContext, 'db' | 'clock'>,
  redemptionId: number,
  adminId: number | null,
): Promise<void> {
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const approved = await approveHeldReview(tx, redemptionId, { adminId, now });
    if (!approved) {
      if (!(await redemptionExists(tx, redemptionId))) throw notFound(REDEMPTION_MESSAGES.notFound);
      throw new AppError('CONFLICT', 409, REDEMPTION_MESSAGES.notHeld);
    }
    const { score, threshold, signals } = presentRisk(approved);
    await recordAdminAction(tx, {
      adminId,
      action: 'payout.approve_held',
      targetType: 'redemption',
      targetId: redemptionId,
      before: { status: 'pending', held: true, risk: { score, threshold, held: true, signals } },
      after: { status: 'pending', held: false, approved: true },
    });
  });
}
