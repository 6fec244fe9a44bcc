// Redemptions as members and admins see them.
import type { AdminRedemption, RedemptionStatus } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { RedemptionRow } from '../../db/payments.schema';

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentRedemption(row: RedemptionRow) {
  return {
    id: row.id,
    token_amount: row.token_amount,
    amount_cents: row.amount_cents,
    fee_cents: row.fee_cents,
    multiplier: Number(row.multiplier),
    paypal_email: row.paypal_email,
    status: row.status,
    reason: row.reason,
    created_at: iso(row.created_at),
  };
}

type AdminRow = RedemptionRow & { username: string | null };

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
  };
}

/** Pending requests oldest first (the payout queue); decided ones newest first. */
export async function listRedemptions(
  db: Executor,
  query: { status?: RedemptionStatus; limit: number; offset: number },
): Promise<AdminRedemption[]> {
  const found = await rows<AdminRow>(
    db,
    sql`SELECT r.*, u.username FROM redemptions r JOIN users u ON u.id = r.user_id
         WHERE ${query.status ? sql`r.status = ${query.status}` : sql`TRUE`}
         ORDER BY ${query.status === 'pending' ? sql`r.id ASC` : sql`r.id DESC`}
         LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  return found.map(presentAdmin);
}

export async function findAdminRedemption(
  db: Executor,
  id: number,
): Promise<AdminRedemption | null> {
  const [row] = await rows<AdminRow>(
    db,
    sql`SELECT r.*, u.username FROM redemptions r JOIN users u ON u.id = r.user_id WHERE r.id = ${id}`,
  );
  return row ? presentAdmin(row) : null;
}
