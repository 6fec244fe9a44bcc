// Dating-safety notices (product rules, Lawful to launch): which notice a member's
// residence calls for comes from the shared table; the server keeps which placements of
// its current version the member has acknowledged (sign-up, first connection), so a new
// version of the text is shown again, on any device.
import {
  type AcknowledgedPlacement,
  datingSafetyNoticeFor,
  NOTICE_TEXT,
  type SafetyNoticeState,
} from '@bidboard/shared';
import type { Executor } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { findUserById } from '../users/users.repository';
import { acknowledgedPlacements, recordAcknowledgement } from './safety-notices.repository';

interface NoticeContext {
  db: Executor;
  clock: () => Date;
}

async function noticeOf(db: Executor, userId: number) {
  const member = await findUserById(db, userId);
  if (!member) throw notFound();
  return datingSafetyNoticeFor(member);
}

export async function safetyNoticeState(
  ctx: NoticeContext,
  userId: number,
): Promise<SafetyNoticeState> {
  const notice = await noticeOf(ctx.db, userId);
  if (!notice) return { jurisdiction: null, acknowledged: [] };
  return {
    jurisdiction: notice.jurisdiction,
    acknowledged: await acknowledgedPlacements(ctx.db, userId, notice),
  };
}

export async function acknowledgeSafetyNotice(
  ctx: NoticeContext,
  userId: number,
  placement: AcknowledgedPlacement,
): Promise<SafetyNoticeState> {
  const notice = await noticeOf(ctx.db, userId);
  if (!notice?.shownAt.includes(placement)) throw badRequest('VALIDATION', NOTICE_TEXT.noNotice);
  await recordAcknowledgement(ctx.db, {
    userId,
    jurisdiction: notice.jurisdiction,
    placement,
    version: notice.version,
    at: ctx.clock(),
  });
  return safetyNoticeState(ctx, userId);
}
