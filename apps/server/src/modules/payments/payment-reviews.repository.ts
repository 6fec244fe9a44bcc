// SQL that flags a member's purchases for an operator: a reversal whose tokens were
// already spent, a day of card purchases above the high-value limit. One review per
// purchase and reason (ON CONFLICT DO NOTHING).
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';

export async function flagHighValueDay(
  tx: Tx,
  review: { userId: number; purchaseId: number; dayCents: number },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO payment_reviews (user_id, purchase_id, reason, amount_cents, note)
        VALUES (${review.userId}, ${review.purchaseId}, 'high_value', ${review.dayCents},
                ${`Card purchases of ${(review.dayCents / 100).toFixed(2)} USD in 24 hours`})
        ON CONFLICT DO NOTHING`,
  );
}

/** The review's id; null when this purchase already has one for this reason. */
export async function flagTokensOwed(
  tx: Tx,
  review: {
    userId: number;
    purchaseId: number;
    reason: string;
    amountCents: number;
    tokensOwed: number;
    tokensBought: number;
    /** Members whose rewards from this buyer's bids were paid since the purchase. */
    paidTo: string[];
    now: Date;
  },
): Promise<number | null> {
  const paid = review.paidTo.length
    ? `; rewards from their bids already paid to ${review.paidTo.join(', ')}`
    : '';
  const [inserted] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO payment_reviews (user_id, purchase_id, reason, amount_cents, tokens_owed, note, created_at)
        VALUES (${review.userId}, ${review.purchaseId}, ${review.reason}, ${review.amountCents},
                ${review.tokensOwed},
                ${`${review.tokensOwed} of ${review.tokensBought} purchased tokens were already spent${paid}`},
                ${review.now})
        ON CONFLICT DO NOTHING
        RETURNING id`,
  );
  return inserted?.id ?? null;
}

/**
 * The members paid redeemable rewards from `buyerId`'s bids since `since` (the reversed
 * purchase), by username: where its cash may have gone.
 */
export async function rewardedBy(tx: Tx, buyerId: number, since: Date): Promise<string[]> {
  const found = await rows<{ username: string }>(
    tx,
    sql`SELECT DISTINCT COALESCE(u.username, 'member ' || u.id) AS username
          FROM token_transactions t JOIN users u ON u.id = t.user_id
         WHERE t.transaction_type = 'win' AND t.bid_target_id = ${buyerId}
           AND t.redeemable_amount > 0 AND t.created_at >= ${since}
         ORDER BY 1`,
  );
  return found.map((r) => r.username);
}
