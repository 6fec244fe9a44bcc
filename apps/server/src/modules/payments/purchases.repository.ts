// SQL of token purchases: the row a credited card payment leaves, read back by the
// confirmation, the daily high-value check and a reversal.
import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import type { TokenPurchaseRow } from '../../db/payments.schema';

/** Who was credited for the provider's transaction, if anyone. */
export async function purchaserOf(
  db: Executor,
  provider: string,
  transactionId: string,
): Promise<{ user_id: number } | null> {
  const [credited] = await rows<{ user_id: number }>(
    db,
    sql`SELECT user_id FROM token_purchases
         WHERE provider = ${provider} AND transaction_id = ${transactionId}`,
  );
  return credited ?? null;
}

/** The new purchase's id; null when the transaction (or the intent) was already credited. */
export async function insertPurchase(
  tx: Tx,
  purchase: {
    userId: number;
    intentId: number;
    provider: string;
    transactionId: string;
    tokens: number;
    amountCents: number;
    authCode: string | null;
    cardFingerprint: string | null;
    source: 'client' | 'webhook';
    now: Date;
  },
): Promise<number | null> {
  const [inserted] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO token_purchases
          (user_id, intent_id, provider, transaction_id, tokens, amount_cents, auth_code,
           card_fingerprint, source, created_at)
        VALUES (${purchase.userId}, ${purchase.intentId}, ${purchase.provider}, ${purchase.transactionId},
                ${purchase.tokens}, ${purchase.amountCents}, ${purchase.authCode},
                ${purchase.cardFingerprint}, ${purchase.source}, ${purchase.now})
        ON CONFLICT DO NOTHING
        RETURNING id`,
  );
  return inserted?.id ?? null;
}

/** Cents of the member's completed purchases since `since`. */
export async function completedCentsSince(tx: Tx, userId: number, since: Date): Promise<number> {
  const [day] = await rows<{ cents: number }>(
    tx,
    sql`SELECT COALESCE(SUM(amount_cents), 0)::int AS cents FROM token_purchases
         WHERE user_id = ${userId} AND status = 'completed'
           AND created_at > ${since}`,
  );
  return day!.cents;
}

/** The provider's purchase for this transaction, row-locked until the transaction ends. */
export async function lockPurchase(
  tx: Tx,
  provider: string,
  transactionId: string,
): Promise<TokenPurchaseRow | null> {
  const [purchase] = await rows<TokenPurchaseRow>(
    tx,
    sql`SELECT * FROM token_purchases
         WHERE provider = ${provider} AND transaction_id = ${transactionId}
           FOR UPDATE`,
  );
  return purchase ?? null;
}

export async function markPurchaseReversed(
  tx: Tx,
  purchaseId: number,
  reversal: { reason: string; tokensReversed: number; now: Date },
): Promise<void> {
  await tx.execute(
    sql`UPDATE token_purchases
           SET status = ${reversal.reason}, tokens_reversed = ${reversal.tokensReversed},
               reversed_at = ${reversal.now}
         WHERE id = ${purchaseId}`,
  );
}

/** Locks the buyer's row until the transaction ends. */
export async function lockBuyer(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
}

/** The buyer's balance, their row locked until the transaction ends. */
export async function lockBuyerBalance(
  tx: Tx,
  userId: number,
): Promise<{ balance: number; purchased: number }> {
  const [member] = await rows<{ token_balance: number; purchased_tokens: number }>(
    tx,
    sql`SELECT token_balance, purchased_tokens FROM users WHERE id = ${userId} FOR UPDATE`,
  );
  return { balance: member!.token_balance, purchased: member!.purchased_tokens };
}
