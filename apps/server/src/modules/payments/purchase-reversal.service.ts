// A refund, void or chargeback takes a purchase's tokens back (ledger type
// 'purchase_reversal'), once: the purchase row's status is the guard. Tokens already spent
// cannot be taken; what is missing is recorded as a payment review an operator sees.
import type { TokenPurchaseRow } from '../../db/payments.schema';
import { transactionThenPublish } from '../../lib/realtime';
import { recordAdminAction } from '../audit';
import { balanceEvent } from '../tokens/balance.events';
import { applyBalanceChange } from '../tokens/ledger';
import { flagTokensOwed } from './payment-reviews.repository';
import type { PaymentsContext } from './payments.context';
import { lockBuyerBalance, lockPurchase, markPurchaseReversed } from './purchases.repository';

export type ReversalReason = 'refund' | 'chargeback' | 'void';

export type ReversalResult =
  | {
      status: 'reversed';
      purchase: TokenPurchaseRow;
      tokensTaken: number;
      tokensOwed: number;
      reviewId: number | null;
    }
  | { status: 'already'; purchase: TokenPurchaseRow }
  | { status: 'unknown' };

export async function reversePurchase(
  ctx: PaymentsContext,
  input: {
    transactionId: string;
    reason: ReversalReason;
    /** An admin recording it by hand (audited); absent for the processor's webhook. */
    adminId?: number | null;
  },
): Promise<ReversalResult> {
  const provider = ctx.gateway.provider;
  const now = ctx.clock();
  return transactionThenPublish(ctx, async (tx, events): Promise<ReversalResult> => {
    const purchase = await lockPurchase(tx, provider, input.transactionId);
    if (!purchase) return { status: 'unknown' };
    if (purchase.status !== 'completed') return { status: 'already', purchase };
    // The member row stays locked until commit, so the balance read here is the one debited.
    const balance = await lockBuyerBalance(tx, purchase.user_id);
    const tokensTaken = Math.min(purchase.tokens, balance);
    const tokensOwed = purchase.tokens - tokensTaken;
    if (tokensTaken > 0) {
      const entry = await applyBalanceChange(tx, {
        userId: purchase.user_id,
        amount: -tokensTaken,
        type: 'purchase_reversal',
        referenceId: `purchase:${purchase.id}`,
        idempotencyKey: `purchase_reversal:${provider}:${input.transactionId}`,
      });
      if (entry) events.add(balanceEvent(entry, 'purchase_reversal'));
    }
    await markPurchaseReversed(tx, purchase.id, {
      reason: input.reason,
      tokensReversed: tokensTaken,
      now,
    });
    let reviewId: number | null = null;
    if (tokensOwed > 0) {
      reviewId = await flagTokensOwed(tx, {
        userId: purchase.user_id,
        purchaseId: purchase.id,
        reason: input.reason,
        amountCents: purchase.amount_cents,
        tokensOwed,
        tokensBought: purchase.tokens,
        now,
      });
    }
    if (input.adminId !== undefined) {
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: 'purchase.reverse',
        targetType: 'purchase',
        targetId: purchase.id,
        before: { status: 'completed' },
        after: { status: input.reason, tokens_taken: tokensTaken, tokens_owed: tokensOwed },
      });
    }
    return { status: 'reversed', purchase, tokensTaken, tokensOwed, reviewId };
  });
}
