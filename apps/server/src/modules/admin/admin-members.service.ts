// The console's member list and profile: search by username or phone, each member's
// state (deleted, suspended, approved, rejected or waiting), photos and verification
// videos behind signed URLs.
import {
  ADMIN_MESSAGES,
  type AdminMemberDetail,
  type AdminMemberStatus,
  type AdminMemberSummary,
  type AdminMembersQuery,
  ONBOARDING_COMPLETE,
} from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { notFound } from '../../lib/errors';
import { likeContaining } from '../../lib/like';
import type { MediaContext } from '../media/profile-images.service';
import { mediaRows, presentMediaRows } from './media-review.service';

const statusSql = sql`CASE WHEN u.deleted_at IS NOT NULL THEN 'deleted'
                           WHEN u.suspended_at IS NOT NULL THEN 'suspended'
                           WHEN u.is_approved THEN 'approved'
                           WHEN u.approval_rejected_at IS NOT NULL THEN 'rejected'
                           ELSE 'pending' END`;

const summaryColumns = sql`u.id, u.username, u.phone_number, ${statusSql} AS status,
  u.onboarded, u.token_balance, u.created_at,
  (SELECT i.thumbnail_file_name FROM profile_images i
    WHERE i.user_id = u.id AND i.is_active AND i.display_order = 1) AS picture_key`;

interface SummaryRow {
  id: number;
  username: string | null;
  phone_number: string | null;
  status: AdminMemberStatus;
  onboarded: number;
  token_balance: number;
  created_at: Date | string;
  picture_key: string | null;
}

async function presentSummary(ctx: MediaContext, row: SummaryRow): Promise<AdminMemberSummary> {
  return {
    id: row.id,
    username: row.username,
    phone_number: row.phone_number,
    status: row.status,
    onboarded: row.onboarded === ONBOARDING_COMPLETE,
    token_balance: row.token_balance,
    profile_picture: row.picture_key ? await ctx.storage.signedUrl(row.picture_key) : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function listMembers(ctx: MediaContext, query: AdminMembersQuery) {
  const conditions = [sql`TRUE`];
  if (query.q) {
    const pattern = likeContaining(query.q);
    conditions.push(sql`(u.username ILIKE ${pattern} OR u.phone_number LIKE ${pattern})`);
  }
  if (query.status !== 'all') conditions.push(sql`${statusSql} = ${query.status}`);
  const where = sql.join(conditions, sql` AND `);
  const [found, [counted]] = await Promise.all([
    rows<SummaryRow>(
      ctx.db,
      sql`SELECT ${summaryColumns} FROM users u WHERE ${where}
           ORDER BY u.created_at DESC, u.id DESC
           LIMIT ${query.limit} OFFSET ${query.offset}`,
    ),
    rows<{ n: number }>(ctx.db, sql`SELECT COUNT(*)::int AS n FROM users u WHERE ${where}`),
  ]);
  return {
    members: await Promise.all(found.map((row) => presentSummary(ctx, row))),
    total: counted?.n ?? 0,
  };
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
  role: 'member' | 'admin';
}

export async function memberDetail(ctx: MediaContext, userId: number): Promise<AdminMemberDetail> {
  const [row] = await rows<DetailRow>(
    ctx.db,
    sql`SELECT ${summaryColumns}, u.email, u.gender, u.seeking_gender, u.birth_date::text,
               u.city, u.state, u.country, u.short_bio, u.redeemable_tokens,
               u.approval_rejection_reason, u.suspension_reason, u.suspended_at, u.role
          FROM users u WHERE u.id = ${userId}`,
  );
  if (!row) throw notFound(ADMIN_MESSAGES.memberNotFound);
  const media = await presentMediaRows(ctx, await mediaRows(ctx, { userId }));
  return {
    ...(await presentSummary(ctx, row)),
    email: row.email,
    gender: row.gender,
    seeking_gender: row.seeking_gender,
    birth_date: row.birth_date,
    city: row.city,
    state: row.state,
    country: row.country,
    short_bio: row.short_bio,
    redeemable_tokens: row.redeemable_tokens,
    rejection_reason: row.approval_rejection_reason,
    suspension_reason: row.suspension_reason,
    suspended_at: row.suspended_at ? new Date(row.suspended_at).toISOString() : null,
    role: row.role,
    photos: media
      .filter((item) => item.kind === 'photo')
      .sort((a, b) => (a.display_order ?? 0) - (b.display_order ?? 0)),
    videos: media.filter((item) => item.kind === 'video'),
  };
}
