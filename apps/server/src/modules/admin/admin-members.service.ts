// The console's member list and profile: search by username or phone, each member's
// state (deleted, suspended, approved, rejected or waiting), photos and verification
// videos behind signed URLs, and their prompt answers (issue 44).
import {
  ADMIN_MESSAGES,
  type AdminMemberDetail,
  type AdminMemberSummary,
  type AdminMembersQuery,
  ONBOARDING_COMPLETE,
} from '@bidboard/shared';
import type { Clock } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { newYorkYear, newYorkYearBounds } from '../../lib/new-york-date';
import type { MediaContext } from '../media/profile-images.service';
import { findPayeeIdentity } from '../payees/payees.repository';
import { presentPayeeIdentity } from '../payees/payees.service';
import { payoutsInYear } from '../payees/payouts-year.repository';
import { promptAnswersFor } from '../prompts/prompts.service';
import { memberDetailRow, memberSummaries, type SummaryRow } from './admin-members.repository';
import { mediaRows } from './media-review.repository';
import { presentMediaRows } from './media-review.service';

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
    payee_profile_complete: row.payee_profile_complete,
    awaiting_payee_profile: row.awaiting_payee_profile,
  };
}

export async function listMembers(ctx: MediaContext, query: AdminMembersQuery) {
  const { found, total } = await memberSummaries(ctx.db, query);
  return {
    members: await Promise.all(found.map((row) => presentSummary(ctx, row))),
    total,
  };
}

export async function memberDetail(
  ctx: MediaContext & { clock: Clock },
  userId: number,
): Promise<AdminMemberDetail> {
  const row = await memberDetailRow(ctx.db, userId);
  if (!row) throw notFound(ADMIN_MESSAGES.memberNotFound);
  const year = newYorkYear(ctx.clock());
  const [media, payee, payouts, prompts] = await Promise.all([
    mediaRows(ctx.db, { userId }).then((rows) => presentMediaRows(ctx, rows)),
    findPayeeIdentity(ctx.db, userId),
    payoutsInYear(ctx.db, userId, newYorkYearBounds(year)),
    promptAnswersFor(ctx.db, ctx.storage, [userId]).then((found) => found.get(userId) ?? []),
  ]);
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
    suspension_category: row.suspension_category,
    fraud_hold_at: row.fraud_hold_at ? new Date(row.fraud_hold_at).toISOString() : null,
    role: row.role,
    payee: payee ? presentPayeeIdentity(payee) : null,
    payouts_year: { year, ...payouts },
    photos: media
      .filter((item) => item.kind === 'photo')
      .sort((a, b) => (a.display_order ?? 0) - (b.display_order ?? 0)),
    videos: media.filter((item) => item.kind === 'video'),
    prompts,
  };
}
