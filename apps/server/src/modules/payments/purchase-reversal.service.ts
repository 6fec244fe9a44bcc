// A refund, void or chargeback takes a purchase's tokens back (ledger type
// 'purchase_reversal'), once: the purchase row's status is the guard. Tokens already spent
// cannot be taken; what is missing is recorded as a payment review an operator sees.
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import type { TokenPurchaseRow } from '../../db/payments.schema';
import { transactionThenPublish } from '../../lib/realtime';
import { recordAdminAction } from '../audit';
import { balanceEvent } from '../tokens/balance.events';
import { applyBalanceChange } from '../tokens/ledger';
import type { PaymentsContext } from './payments.context';

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
    const [purchase] = await rows<TokenPurchaseRow>(
      tx,
      sql`SELECT * FROM token_purchases
           WHERE provider = ${provider} AND transaction_id = ${input.transactionId}
             FOR UPDATE`,
    );
    if (!purchase) return { status: 'unknown' };
    if (purchase.status !== 'completed') return { status: 'already', purchase };
    // The member row stays locked until commit, so the balance read here is the one debited.
    const [member] = await rows<{ token_balance: number }>(
      tx,
      sql`SELECT token_balance FROM users WHERE id = ${purchase.user_id} FOR UPDATE`,
    );
    const tokensTaken = Math.min(purchase.tokens, member!.token_balance);
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
    await tx.execute(
      sql`UPDATE token_purchases
             SET status = ${input.reason}, tokens_reversed = ${tokensTaken}, reversed_at = ${now}
           WHERE id = ${purchase.id}`,
    );
    let reviewId: number | null = null;
    if (tokensOwed > 0) {
      const [review] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO payment_reviews (user_id, purchase_id, reason, amount_cents, tokens_owed, note, created_at)
            VALUES (${purchase.user_id}, ${purchase.id}, ${input.reason}, ${purchase.amount_cents},
                    ${tokensOwed},
                    ${`${tokensOwed} of ${purchase.tokens} purchased tokens were already spent`}, ${now})
            ON CONFLICT DO NOTHING
            RETURNING id`,
      );
      reviewId = review?.id ?? null;
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
