// Redemptions as members and admins see them.
import type { AdminRedemption, RedemptionStatus } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { RedemptionRow } from '../../db/payments.schema';
import { presentRisk, type ReviewRow } from './risk-review.repository';

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentRedemption(row: RedemptionRow) {
  return {
    id: row.id,
    token_amount: row.token_amount,
    amount_cents: row.amount_cents,
    campaign_cents: row.campaign_cents,
    fee_cents: row.fee_cents,
    multiplier: Number(row.multiplier),
    paypal_email: row.paypal_email,
    status: row.status,
    reason: row.reason,
    created_at: iso(row.created_at),
  };
}

type AdminRow = RedemptionRow & { username: string | null; review: ReviewRow | null };

function presentAdmin(row: AdminRow): AdminRedemption {
  return {
    ...presentRedemption(row),
    user_id: row.user_id,
    username: row.username,
    provider: row.provider,
    payout_status: row.payout_status,
    payout_batch_id: row.payout_batch_id,
    decided_by: row.decided_by,
    decided_at: row.decided_at ? iso(row.decided_at) : null,
    updated_at: iso(row.updated_at),
    risk: row.review ? presentRisk(row.review) : null,
  };
}

/** The admin's view of a redemption: its member and its risk review (never a member's). */
const adminSelect = sql`SELECT r.*, u.username,
         CASE WHEN v.redemption_id IS NULL THEN NULL ELSE to_jsonb(v) END AS review
    FROM redemptions r JOIN users u ON u.id = r.user_id
    LEFT JOIN redemption_reviews v ON v.redemption_id = r.id`;

/**
 * Pending requests riskiest first, then oldest first (the payout queue); decided ones
 * newest first.
 */
export async function listRedemptions(
  db: Executor,
  query: { status?: RedemptionStatus; limit: number; offset: number },
): Promise<AdminRedemption[]> {
  const found = await rows<AdminRow>(
    db,
    sql`${adminSelect}
         WHERE ${query.status ? sql`r.status = ${query.status}` : sql`TRUE`}
         ORDER BY ${query.status === 'pending' ? sql`COALESCE(v.score, 0) DESC, r.id ASC` : sql`r.id DESC`}
         LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  return found.map(presentAdmin);
}

export async function findAdminRedemption(
  db: Executor,
  id: number,
): Promise<AdminRedemption | null> {
  const [row] = await rows<AdminRow>(db, sql`${adminSelect} WHERE r.id = ${id}`);
  return row ? presentAdmin(row) : null;
}
