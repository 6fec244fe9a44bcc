// SQL of the console's member list and profile: each member's state as the console names it.
import type { AdminMemberStatus, AdminMembersQuery, SuspensionCategory } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { likeContaining } from '../../lib/like';
import { awaitingPayeeProfile } from '../payees/payouts-year.repository';

const statusSql = sql`CASE WHEN u.deleted_at IS NOT NULL THEN 'deleted'
                           WHEN u.suspended_at IS NOT NULL THEN 'suspended'
                           WHEN u.is_approved THEN 'approved'
                           WHEN u.approval_rejected_at IS NOT NULL THEN 'rejected'
                           ELSE 'pending' END`;

const payeeProfileSql = sql`EXISTS (SELECT 1 FROM payee_identities p WHERE p.user_id = u.id)`;
const awaitingPayeeSql = sql`(SELECT COUNT(*)::int FROM redemptions r
  WHERE r.user_id = u.id AND r.status = 'pending' AND ${awaitingPayeeProfile('r')})`;

const summaryColumns = sql`u.id, u.username, u.phone_number, ${statusSql} AS status,
  u.onboarded, u.token_balance, u.created_at,
  ${payeeProfileSql} AS payee_profile_complete, ${awaitingPayeeSql} AS awaiting_payee_profile,
  (SELECT i.thumbnail_file_name FROM profile_images i
    WHERE i.user_id = u.id AND i.is_active AND i.display_order = 1) AS picture_key`;

export interface SummaryRow {
  id: number;
  username: string | null;
  phone_number: string | null;
  status: AdminMemberStatus;
  onboarded: number;
  token_balance: number;
  created_at: Date | string;
  picture_key: string | null;
  payee_profile_complete: boolean;
  awaiting_payee_profile: number;
}

interface DetailRow extends SummaryRow {
  email: string | null;
  gender: string | null;
  seeking_gender: string | null;
  birth_date: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  short_bio: string | null;
  redeemable_tokens: number;
  approval_rejection_reason: string | null;
  suspension_reason: string | null;
  suspended_at: Date | string | null;
  suspension_category: SuspensionCategory | null;
  fraud_hold_at: Date | string | null;
  role: 'member' | 'admin';
}

/** One page of the members the query matches, newest first, and how many match in all. */
export async function memberSummaries(
  db: Executor,
  query: AdminMembersQuery,
): Promise<{ found: SummaryRow[]; total: number }> {
  const conditions = [sql`TRUE`];
  if (query.q) {
    const pattern = likeContaining(query.q);
    conditions.push(sql`(u.username ILIKE ${pattern} OR u.phone_number LIKE ${pattern})`);
  }
  if (query.status !== 'all') conditions.push(sql`${statusSql} = ${query.status}`);
  if (query.payee === 'payee_profile_complete') conditions.push(payeeProfileSql);
  if (query.payee === 'awaiting_payee_profile') conditions.push(sql`${awaitingPayeeSql} > 0`);
  const where = sql.join(conditions, sql` AND `);
  const [found, [counted]] = await Promise.all([
    rows<SummaryRow>(
      db,
      sql`SELECT ${summaryColumns} FROM users u WHERE ${where}
           ORDER BY u.created_at DESC, u.id DESC
           LIMIT ${query.limit} OFFSET ${query.offset}`,
    ),
    rows<{ n: number }>(db, sql`SELECT COUNT(*)::int AS n FROM users u WHERE ${where}`),
  ]);
  return { found, total: counted?.n ?? 0 };
}

export async function memberDetailRow(
  db: Executor,
  userId: number,
): Promise<DetailRow | undefined> {
  const [row] = await rows<DetailRow>(
    db,
    sql`SELECT ${summaryColumns}, u.email, u.gender, u.seeking_gender, u.birth_date::text,
               u.city, u.state, u.country, u.short_bio, u.redeemable_tokens,
               u.approval_rejection_reason, u.suspension_reason, u.suspended_at,
               u.suspension_category, u.fraud_hold_at, u.role
          FROM users u WHERE u.id = ${userId}`,
  );
  return row;
}
