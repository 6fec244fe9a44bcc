// What the economy owes and took in (product rules, The token economy: the operator's view),
// read from the ledger, purchases and redemptions: tokens issued by origin, cash in, cash
// out, and what is owed now (pending redemptions and redeemable tokens at today's value) or
// later (rewards held for the settlement hold).
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

export interface EconomyTotals {
  issued: { promotional: number; purchased: number; redeemable: number };
  /** Card purchases, plus the cash an operator recorded for paid grants. */
  cashInCents: number;
  cashOutCents: number;
  /** The part of cashOutCents the campaign budget paid. */
  campaignPaidCents: number;
  pendingRedemptionCents: number;
  pendingRedemptions: number;
  /** Pending redemptions the risk review held for an admin, not yet approved. */
  heldRedemptions: number;
  redeemableTokens: number;
  /** Rewards' purchased parts waiting out the settlement hold: redeemable when it ends. */
  heldRewardTokens: number;
}

/** Ledger types that only move tokens between members and escrows: not issued. */
const MOVES = sql.raw("('bid', 'outbid', 'rebid', 'refund', 'refund_deleted_user', 'win')");

export async function economyTotals(db: Executor): Promise<EconomyTotals> {
  const [row] = await rows<Record<string, string | number>>(
    db,
    sql`SELECT
          (SELECT COALESCE(SUM(promotional_amount), 0) FROM token_transactions
            WHERE amount > 0 AND transaction_type NOT IN ${MOVES}
              AND transaction_type <> 'redemption_failed') AS promotional,
          (SELECT COALESCE(SUM(purchased_amount), 0) FROM token_transactions
            WHERE amount > 0 AND transaction_type NOT IN ${MOVES}
              AND transaction_type <> 'redemption_failed') AS purchased,
          (SELECT COALESCE(SUM(redeemable_amount), 0) FROM token_transactions
            WHERE transaction_type = 'win' OR (transaction_type = 'adjustment' AND amount > 0))
            AS redeemable,
          (SELECT COALESCE(SUM(amount_cents), 0) FROM token_purchases WHERE status = 'completed')
            + (SELECT COALESCE(SUM(amount_cents), 0) FROM admin_cash_grants) AS cash_in,
          (SELECT COALESCE(SUM(amount_cents), 0) FROM redemptions WHERE status = 'paid') AS cash_out,
          (SELECT COALESCE(SUM(campaign_cents), 0) FROM redemptions WHERE status = 'paid')
            AS campaign_paid,
          (SELECT COALESCE(SUM(amount_cents), 0) FROM redemptions WHERE status = 'pending')
            AS pending_cents,
          (SELECT COUNT(*) FROM redemptions WHERE status = 'pending') AS pending,
          (SELECT COUNT(*) FROM redemptions r JOIN redemption_reviews v ON v.redemption_id = r.id
            WHERE r.status = 'pending' AND v.held AND v.approved_at IS NULL) AS held,
          (SELECT COALESCE(SUM(redeemable_tokens), 0) FROM users) AS redeemable_now,
          (SELECT COALESCE(SUM(reward_pending), 0) FROM connections) AS held_rewards`,
  );
  const n = (key: string) => Number(row![key]);
  return {
    issued: {
      promotional: n('promotional'),
      purchased: n('purchased'),
      redeemable: n('redeemable'),
    },
    cashInCents: n('cash_in'),
    cashOutCents: n('cash_out'),
    campaignPaidCents: n('campaign_paid'),
    pendingRedemptionCents: n('pending_cents'),
    pendingRedemptions: n('pending'),
    heldRedemptions: n('held'),
    redeemableTokens: n('redeemable_now'),
    heldRewardTokens: n('held_rewards'),
  };
}
