// A member's ledger as the transaction history shows it (marketplace §3 Token
// transaction): newest first, with the auction owner's username for bid rows and the
// redemption (status, reason, cents paid) for redemption rows, and a reward's part still
// held for the settlement hold.
import type { TokenOriginsResponse, TokenTransaction } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

interface Row {
  id: number;
  user_id: number;
  bid_target_id: number | null;
  amount: number;
  balance_after: number;
  promotional_amount: number;
  purchased_amount: number;
  redeemable_amount: number;
  transaction_type: string;
  status: string;
  reference_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  target_username: string | null;
  redemption_status: string | null;
  redemption_reason: string | null;
  redemption_cents: number | null;
  reward_pending: number | null;
  reward_settles_at: Date | string | null;
}

export async function memberTransactions(
  db: Executor,
  userId: number,
  page: { limit: number; offset: number },
): Promise<TokenTransaction[]> {
  const found = await rows<Row>(
    db,
    sql`SELECT t.id, t.user_id, t.bid_target_id, t.amount, t.balance_after, t.transaction_type,
               t.promotional_amount, t.purchased_amount, t.redeemable_amount,
               t.status, t.reference_id, t.created_at, t.updated_at, bt.username AS target_username,
               rd.status AS redemption_status, rd.reason AS redemption_reason,
               rd.amount_cents AS redemption_cents,
               c.reward_pending, c.reward_settles_at
          FROM token_transactions t
          LEFT JOIN users bt ON bt.id = t.bid_target_id
          LEFT JOIN redemptions rd
            ON t.transaction_type IN ('redemption', 'redemption_paid', 'redemption_failed')
           AND t.reference_id = 'redemption:' || rd.id
          LEFT JOIN connections c
            ON t.transaction_type = 'win' AND t.idempotency_key LIKE 'connection:%:escrow'
           AND t.reference_id = 'connection:' || c.id AND c.reward_pending > 0
         WHERE t.user_id = ${userId}
         ORDER BY t.id DESC
         LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return found.map((r) => {
    const auctionId = /^auction:(\d+)$/.exec(r.reference_id ?? '')?.[1];
    const target = r.bid_target_id === null ? null : { username: r.target_username };
    return {
      id: Number(r.id),
      user_id: r.user_id,
      bid_target_id: r.bid_target_id,
      amount: r.amount,
      balance_after: r.balance_after,
      transaction_type: r.transaction_type,
      status: r.status,
      created_at: new Date(r.created_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
      bidTarget: target,
      bid: auctionId ? { auction: { id: Number(auctionId), creator: target } } : null,
      redeemableTransaction:
        r.redemption_status === null
          ? null
          : {
              status: r.redemption_status,
              reason: r.redemption_reason,
              reward_amount: r.redemption_cents ?? 0,
            },
      rewardPending:
        r.reward_pending && r.reward_settles_at
          ? {
              tokens: r.reward_pending,
              settles_at: new Date(r.reward_settles_at).toISOString(),
            }
          : null,
      origins: {
        promotional: r.promotional_amount,
        purchased: r.purchased_amount,
        redeemable: r.redeemable_amount,
      },
    };
  });
}

/** The balance by origin, and the rewards earned with the part of them that is redeemable. */
export async function memberTokenOrigins(
  db: Executor,
  userId: number,
): Promise<TokenOriginsResponse> {
  const [row] = await rows<{
    promotional: number;
    purchased: number;
    redeemable: number;
    earned: number;
    earned_redeemable: number;
  }>(
    db,
    sql`SELECT u.promotional_tokens AS promotional, u.purchased_tokens AS purchased,
               u.redeemable_tokens AS redeemable,
               COALESCE(SUM(t.amount), 0)::int AS earned,
               COALESCE(SUM(t.redeemable_amount), 0)::int AS earned_redeemable
          FROM users u
          LEFT JOIN token_transactions t ON t.user_id = u.id AND t.transaction_type = 'win'
         WHERE u.id = ${userId}
         GROUP BY u.id`,
  );
  return {
    success: true,
    promotional: row?.promotional ?? 0,
    purchased: row?.purchased ?? 0,
    redeemable: row?.redeemable ?? 0,
    earned: row?.earned ?? 0,
    earnedRedeemable: row?.earned_redeemable ?? 0,
  };
}

/** Whether the ledger holds a row with this idempotency key (a day's claim, a purchase). */
export async function ledgerHasKey(db: Executor, idempotencyKey: string): Promise<boolean> {
  const found = await rows(
    db,
    sql`SELECT 1 FROM token_transactions WHERE idempotency_key = ${idempotencyKey}`,
  );
  return found.length > 0;
}
