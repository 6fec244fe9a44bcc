// The admins' side of member safety (issue 11): handling a report (dismiss, warn, remove a
// photo or a prompt answer (issue 44), suspend), suspending or restoring a member, and
// deleting an account (issue 42: for fraud or scam, its contacts are told). Each
// runs in one transaction with its audit row, so the audit log holds exactly the actions
// that happened; realtime effects and file deletions follow the commit.
import { type ReportAction, SAFETY_MESSAGES, type SuspensionCategory } from '@bidboard/shared';
import type { Storage } from '../../adapters/storage/storage.port';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { type Realtime, transactionThenPublish } from '../../lib/realtime';
import { alertEvents } from '../alerts/alerts.events';
import { recordAdminAction } from '../audit';
import { storedKeys } from '../media/profile-images.service';
import { removeReportedPromptAnswer } from '../prompts/prompts.service';
import { setFraudHold } from '../users/fraud-hold.repository';
import { findUserById } from '../users/users.repository';
import { deleteAccountIn } from './account-deletion.service';
import { recordRemovalIfFraud } from './fraud-notices.service';
import { deleteMemberPhoto } from './member-photos.repository';
import type { Withdrawal } from './member-withdrawal.service';
import { lockReport, presentReports, resolveReport, warnMember } from './reports.service';
import { withdrawalEvents } from './safety.events';
import { restoreMemberIn, suspendMemberIn } from './suspension.service';

export interface AdminSafetyContext {
  db: Db;
  storage: Storage;
  clock: () => Date;
  realtime?: Realtime;
}

export async function suspendMember(
  ctx: AdminSafetyContext,
  adminId: number,
  userId: number,
  reason: string,
  category: SuspensionCategory = 'other',
) {
  const now = ctx.clock();
  return transactionThenPublish(ctx, async (tx, events) => {
    const { before, after, withdrawal } = await suspendMemberIn(tx, userId, reason, category, now);
    await recordAdminAction(tx, {
      adminId,
      action: 'member.suspend',
      targetType: 'user',
      targetId: userId,
      before,
      after: { ...after, category, ...withdrawalSummary(withdrawal) },
    });
    events.add(...withdrawalEvents(userId, withdrawal));
    return { user: after, withdrawal };
  });
}

/**
 * Deletes a member's account as their own deletion does (admin's reason in the audit row);
 * for fraud or scam, the members who exchanged messages with it are told, as a fraud
 * suspension's are. A deleted account is not found. The console's route and the operator
 * CLI (`delete-member`, no admin: `adminId` null, no server's realtime) both call it.
 */
export async function deleteMemberAccount(
  ctx: Pick<AdminSafetyContext, 'db' | 'clock' | 'realtime'>,
  adminId: number | null,
  userId: number,
  reason: string,
  category: SuspensionCategory = 'other',
) {
  const now = ctx.clock();
  return transactionThenPublish(ctx, async (tx, events) => {
    const member = await findUserById(tx, userId);
    if (!member || member.deleted_at) throw notFound(SAFETY_MESSAGES.memberNotFound);
    const withdrawal = await deleteAccountIn(tx, userId, now);
    await recordRemovalIfFraud(tx, userId, category, now);
    const user = { id: userId, deleted_at: now.toISOString() };
    await recordAdminAction(tx, {
      adminId,
      action: 'member.delete',
      targetType: 'user',
      targetId: userId,
      before: { id: userId, deleted_at: null },
      after: { ...user, reason, category, ...withdrawalSummary(withdrawal) },
    });
    events.add(...withdrawalEvents(userId, withdrawal));
    return { user };
  });
}

/** Places or lifts a fraud hold (issue 42): while held, the account notifies nobody. */
export async function setMemberFraudHold(
  ctx: AdminSafetyContext,
  adminId: number,
  userId: number,
  held: boolean,
) {
  return ctx.db.transaction(async (tx) => {
    const row = await setFraudHold(tx, userId, held, ctx.clock());
    if (!row) throw notFound(SAFETY_MESSAGES.memberNotFound);
    const at = (value: string | null) => (value ? new Date(value).toISOString() : null);
    const user = { id: userId, fraud_hold_at: at(row.fraud_hold_at) };
    await recordAdminAction(tx, {
      adminId,
      action: held ? 'member.fraud_hold' : 'member.fraud_hold_lift',
      targetType: 'user',
      targetId: userId,
      before: { id: userId, fraud_hold_at: at(row.held_before) },
      after: user,
    });
    return { user };
  });
}

export async function restoreMember(ctx: AdminSafetyContext, adminId: number, userId: number) {
  return ctx.db.transaction(async (tx) => {
    const { before, after } = await restoreMemberIn(tx, userId);
    await recordAdminAction(tx, {
      adminId,
      action: 'member.restore',
      targetType: 'user',
      targetId: userId,
      before,
      after,
    });
    return { user: after };
  });
}

/** What the audit row keeps of a withdrawal: which auctions and connections it touched. */
function withdrawalSummary(withdrawal: Withdrawal) {
  return {
    removed_auctions: withdrawal.removedAuctions.map((a) => a.auctionId),
    voided_leads: withdrawal.voidedLeads.map((v) => v.auctionId),
    ended_connections: [
      ...new Set(withdrawal.connections.events.map((e) => e.payload.connectionId)),
    ],
  };
}

export interface ReportActionInput {
  action: ReportAction;
  photo_id?: number;
  prompt_answer_id?: number;
  note?: string;
}

export async function actOnReport(
  ctx: AdminSafetyContext,
  adminId: number,
  reportId: number,
  input: ReportActionInput,
) {
  const now = ctx.clock();
  const removedFiles: string[] = [];
  const report = await transactionThenPublish(ctx, async (tx, events) => {
    const before = await lockReport(tx, reportId);
    const resolved = await resolveReport(tx, reportId, input.action, adminId, input.note, now);
    let detail: Record<string, unknown> = {};
    if (input.action === 'warn') {
      events.add(...alertEvents([await warnMember(tx, resolved)]));
    } else if (input.action === 'remove_photo') {
      const photo = await deleteMemberPhoto(tx, input.photo_id!, resolved.reported_id);
      if (!photo) throw notFound(SAFETY_MESSAGES.photoNotFound);
      removedFiles.push(...storedKeys(photo));
      detail = { photo_id: photo.id, display_order: photo.display_order };
    } else if (input.action === 'remove_prompt') {
      const answer = await removeReportedPromptAnswer(
        tx,
        input.prompt_answer_id!,
        resolved.reported_id,
        now,
      );
      if (!answer) throw notFound(SAFETY_MESSAGES.promptNotFound);
      // What was said stays in the audit row, as the removed photo's slot does.
      detail = {
        prompt_answer_id: answer.id,
        slot: answer.slot,
        prompt_id: answer.prompt_id,
        kind: answer.kind,
        text_answer: answer.text_answer,
        voice_duration_ms: answer.voice_duration_ms,
      };
    } else if (input.action === 'suspend' && !before.reported_suspended) {
      const reason = input.note || `Report #${reportId}: ${resolved.reason}`;
      // A report of a scam (a member's or the scam guard's) removes the account for it.
      const category = resolved.reason === 'scam_or_spam' ? 'fraud_or_scam' : 'other';
      const suspended = await suspendMemberIn(tx, resolved.reported_id, reason, category, now);
      events.add(...withdrawalEvents(resolved.reported_id, suspended.withdrawal));
      detail = {
        suspended_at: suspended.after.suspended_at,
        ...withdrawalSummary(suspended.withdrawal),
      };
    }
    await recordAdminAction(tx, {
      adminId,
      action: `report.${input.action}`,
      targetType: 'report',
      targetId: reportId,
      before: { status: before.status, reported_user_id: before.reported_id },
      after: { status: resolved.status, action: resolved.action, note: resolved.note, ...detail },
    });
    // Read again: a suspension changed the reported member's state.
    return lockReport(tx, reportId);
  });
  await Promise.allSettled(removedFiles.map((key) => ctx.storage.delete(key)));
  const [presented] = await presentReports(ctx.db, ctx.storage, [report], now);
  return { report: presented! };
}
