// Cashing earned tokens out (marketplace §5 Redemption, §7 redeem-tokens; product rules
// 'Tokens'). A request debits both balances at once into a pending redemption (ledger type
// 'redemption'); the database CHECK on redeemable tokens is what makes parallel requests
// unable to take more than the member has. The payout provider, or an admin, decides it
// once: paid writes 'redemption_paid' (the tokens are burned), failed writes
// 'redemption_failed' and puts the tokens back on both balances.
import {
  CAMPAIGN_MESSAGES,
  identityHoldMessage,
  PAYEE_MESSAGES,
  REDEMPTION_MESSAGES,
  type RedeemTokensBody,
  type RedeemTokensResponse,
} from '@bidboard/shared';
import type { RedemptionRow } from '../../db/payments.schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { paymentMetrics } from '../../lib/metrics';
import { transactionThenPublish } from '../../lib/realtime';
import { recordAdminAction } from '../audit';
import { settleRewardsOf } from '../connections';
import { isAwaitingPayeeProfile } from '../payees/payouts-year.repository';
import { checkPayeeIdentity } from '../payees/payouts-year.service';
import type { PaymentsContext } from '../payments/payments.context';
import { loadSettings } from '../settings/settings.service';
import { balanceEvent } from '../tokens/balance.events';
import { applyBalanceChange, type LedgerEntry } from '../tokens/ledger';
import { valueRedemption } from './redemption-value';
import {
  decidePendingRedemption,
  insertRedemption,
  lockRedeemer,
  notePendingPayoutStatus,
  presentRedemption,
  redemptionStatus,
} from './redemptions.repository';
import { reviewRedemption, riskAtDecision } from './risk-review.service';

/** A request refused with the spec's message, counted on /metrics. */
const refused = (error: AppError) => {
  paymentMetrics.redemption('refused');
  return error;
};
const insufficient = () =>
  refused(new AppError('INSUFFICIENT_TOKENS', 400, REDEMPTION_MESSAGES.insufficient));

export async function requestRedemption(
  ctx: PaymentsContext,
  userId: number,
  body: RedeemTokensBody,
): Promise<{ response: RedeemTokensResponse; redemption: RedemptionRow }> {
  const tokens = body.token_amount;
  const now = ctx.clock();
  // Rewards whose settlement hold is over are the member's to cash now, even before the
  // sweeper's next run. Their own transactions: they lock connections before the member.
  await settleRewardsOf(ctx, userId, now);
  const { redemption, entry, identity } = await transactionThenPublish(ctx, async (tx, events) => {
    // Lock the member before inserting a row that references them: the foreign key check
    // takes a share lock, and parallel requests each holding one would deadlock on the
    // ledger's row lock.
    await lockRedeemer(tx, userId);
    const settings = await loadSettings(tx, ctx.config);
    const minimum = settings.minimum_redeemable_threshold;
    if (tokens < minimum)
      throw refused(badRequest('VALIDATION', REDEMPTION_MESSAGES.belowMinimum(minimum)));
    const multiplier = settings.token_redemption_multiplier;
    const value = await valueRedemption(tx, settings, userId, tokens, now);
    if (value.amountCents <= 0)
      throw refused(badRequest('VALIDATION', REDEMPTION_MESSAGES.nothingAfterFees));
    // The screen showed a value; the budget may have run out since. Never pay less than that
    // without asking again.
    if (body.expected_cents !== undefined && value.amountCents < body.expected_cents)
      throw refused(
        new AppError('CONFLICT', 409, CAMPAIGN_MESSAGES.valueChanged(value.amountCents)),
      );
    const identity = await checkPayeeIdentity(tx, {
      userId,
      amountCents: value.amountCents,
      settingCents: settings.payee_identity_threshold_cents,
      now,
    });
    const created = await insertRedemption(tx, {
      userId,
      tokens,
      multiplier,
      feeCents: settings.payout_fee_cents,
      amountCents: value.amountCents,
      campaignCents: value.campaignCents,
      paypalEmail: body.paypal_email,
      provider: ctx.payouts.provider,
      identityRequired: identity.identityRequired,
      payeeCountry: identity.country,
      now,
    });
    let debit: LedgerEntry | null;
    try {
      debit = await applyBalanceChange(tx, {
        userId,
        amount: -tokens,
        parts: { promotional: 0, purchased: 0, redeemable: -tokens },
        type: 'redemption',
        referenceId: `redemption:${created.id}`,
        idempotencyKey: `redemption:${created.id}`,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_TOKENS') throw insufficient();
      throw error;
    }
    await reviewRedemption(tx, { redemptionId: created.id, userId, settings, now });
    events.add(balanceEvent(debit!, 'redemption'));
    return {
      redemption: created,
      entry: debit!,
      identity,
    };
  });
  paymentMetrics.redemption('requested');
  return {
    redemption,
    response: {
      success: true,
      // Accepted either way: a held one says why and what releases it.
      message: identity.heldForIdentity
        ? identityHoldMessage(identity.country, identity.thresholdCents)
        : REDEMPTION_MESSAGES.submitted,
      newBalance: entry.balance_after,
      newRedeemableBalance: entry.redeemable_after,
      redemption: presentRedemption(redemption, identity.heldForIdentity),
    },
  };
}

interface DecisionBy {
  /**
   * An admin deciding by hand (null: the operator CLI); refused once the payout provider
   * has the money on its way. Absent: the payout provider's own outcome.
   */
  actorId?: number | null;
  payoutStatus?: string;
  payoutItemId?: string | null;
}
export type Decision =
  | ({ outcome: 'paid' } & DecisionBy)
  | ({ outcome: 'failed'; reason: string } & DecisionBy);

/** Decides a pending redemption once; a second decision finds it decided and fails. */
export async function settleRedemption(
  ctx: PaymentsContext,
  id: number,
  decision: Decision,
): Promise<RedemptionRow> {
  const now = ctx.clock();
  const reason = decision.outcome === 'failed' ? decision.reason : null;
  const settled = await transactionThenPublish(ctx, async (tx, events) => {
    // Issue 43: no one pays a redemption the identity rules hold (the sender never claims it).
    if (decision.outcome === 'paid' && (await isAwaitingPayeeProfile(tx, id)))
      throw new AppError('CONFLICT', 409, PAYEE_MESSAGES.awaitingProfile);
    const row = await decidePendingRedemption(tx, id, {
      status: decision.outcome,
      reason,
      decidedBy: decision.actorId ?? null,
      byAdmin: decision.actorId !== undefined,
      payoutStatus: decision.payoutStatus ?? null,
      payoutItemId: decision.payoutItemId ?? null,
      now,
    });
    if (!row) {
      const status = await redemptionStatus(tx, id);
      if (status === null) throw notFound(REDEMPTION_MESSAGES.notFound);
      const message =
        status === 'pending' ? REDEMPTION_MESSAGES.sentToPayPal : REDEMPTION_MESSAGES.notPending;
      throw new AppError('CONFLICT', 409, message);
    }
    const reference = `redemption:${row.id}`;
    const ledger =
      decision.outcome === 'paid'
        ? await applyBalanceChange(tx, {
            userId: row.user_id,
            amount: 0,
            type: 'redemption_paid',
            referenceId: reference,
            idempotencyKey: `redemption_paid:${row.id}`,
          })
        : await applyBalanceChange(tx, {
            userId: row.user_id,
            amount: row.token_amount,
            parts: { promotional: 0, purchased: 0, redeemable: row.token_amount },
            type: 'redemption_failed',
            referenceId: reference,
            idempotencyKey: `redemption_failed:${row.id}`,
          });
    // A decision by an admin is audited, with the risk review they saw; the payout job's
    // own outcomes are not admin actions.
    if (decision.actorId !== undefined) {
      await recordAdminAction(tx, {
        adminId: decision.actorId,
        action: `payout.mark_${decision.outcome}`,
        targetType: 'redemption',
        targetId: row.id,
        before: { status: 'pending', risk: await riskAtDecision(tx, row.id) },
        after: { status: decision.outcome, reason, token_amount: row.token_amount },
      });
    }
    if (ledger && decision.outcome === 'failed')
      events.add(balanceEvent(ledger, 'redemption_failed'));
    return row;
  });
  paymentMetrics.payout(decision.outcome);
  return settled;
}

/** Records what PayPal says about a payout that is still on its way (unclaimed, held). */
export async function notePayoutStatus(
  ctx: PaymentsContext,
  id: number,
  status: string,
  itemId: string | null,
): Promise<boolean> {
  return notePendingPayoutStatus(ctx.db, id, { status, itemId, now: ctx.clock() });
}

/** The admin console's redemption lists, as stored. */
export { findAdminRedemption, listRedemptions } from './redemptions.repository';
