// The Privacy Center (issue 42, product rules: Lawful to launch): the member's limit on the
// use of their sensitive information, the Global Privacy Control their browser sends
// (recorded; Bidboard sells and shares nothing, so there is nothing more to opt out of),
// and correction requests for what they cannot edit themselves, each due within 30 days
// and listed for admins soonest due first.
import {
  type AdminPrivacyRequest,
  type CorrectableField,
  MESSAGES,
  PRIVACY_REQUEST_DUE_DAYS,
  type PrivacyRequest,
  type PrivacySettings,
} from '@bidboard/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { recordAdminAction } from '../audit';
import {
  answerRequest,
  insertRequest,
  openRequests,
  privacyOf,
  type RequestRow,
  recordGpc,
  requestsOf,
  setLimitSensitive,
} from './privacy.repository';

export interface PrivacyContext {
  db: Db;
  clock: () => Date;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function presentRequest(row: RequestRow): PrivacyRequest {
  return {
    id: Number(row.id),
    kind: row.kind,
    field: row.field,
    details: row.details,
    status: row.answered_at ? 'answered' : 'open',
    created_at: iso(row.created_at)!,
    due_at: iso(row.due_at)!,
    answered_at: iso(row.answered_at),
  };
}

/** The member's settings; `gpc` is whether this request carried Sec-GPC: 1. */
export async function privacySettings(
  ctx: PrivacyContext,
  userId: number,
  gpc: boolean,
): Promise<PrivacySettings> {
  if (gpc) await recordGpc(ctx.db, userId, ctx.clock());
  const [row, requests] = await Promise.all([
    privacyOf(ctx.db, userId),
    requestsOf(ctx.db, userId),
  ]);
  return {
    limit_sensitive: Boolean(row?.limit_sensitive),
    gpc_seen_at: iso(row?.gpc_seen_at ?? null),
    requests: requests.map(presentRequest),
  };
}

export async function updatePrivacySettings(
  ctx: PrivacyContext,
  userId: number,
  limit: boolean,
  gpc: boolean,
): Promise<PrivacySettings> {
  await setLimitSensitive(ctx.db, userId, limit);
  return privacySettings(ctx, userId, gpc);
}

export async function requestCorrection(
  ctx: PrivacyContext,
  userId: number,
  input: { field: CorrectableField; details: string },
  gpc: boolean,
): Promise<PrivacySettings> {
  const at = ctx.clock();
  const dueAt = new Date(at.getTime() + PRIVACY_REQUEST_DUE_DAYS * 86_400_000);
  await insertRequest(ctx.db, { userId, ...input, at, dueAt });
  return privacySettings(ctx, userId, gpc);
}

export async function adminPrivacyRequests(ctx: PrivacyContext): Promise<AdminPrivacyRequest[]> {
  return (await openRequests(ctx.db)).map((row) => ({
    ...presentRequest(row),
    user_id: Number(row.user_id),
    username: row.username,
  }));
}

export async function answerPrivacyRequest(ctx: PrivacyContext, adminId: number, id: number) {
  await ctx.db.transaction(async (tx) => {
    if (!(await answerRequest(tx, id, adminId, ctx.clock()))) throw notFound(MESSAGES.notFound);
    await recordAdminAction(tx, {
      adminId,
      action: 'privacy_request.answer',
      targetType: 'privacy_request',
      targetId: id,
      before: { status: 'open' },
      after: { status: 'answered' },
    });
  });
  return { requests: await adminPrivacyRequests(ctx) };
}
