// An admin's decision on a new member (product rules: Approval and moderation). Approval
// opens the member's auction in the current period at once; a rejection keeps them off
// the board with the reason they are shown. Either way the member gets an alert, and the
// decision is written to the audit log in the same transaction. Approval re-checks the
// one age rule on New York's date (product rules, Age): a birth date that makes the member
// under 18 today there is refused before anything is written.
import {
  ADMIN_MESSAGES,
  APPROVAL_ALERT_MESSAGES,
  SAFETY_MESSAGES,
  validateBirthDate,
} from '@bidboard/shared';
import type { Clock } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { type PublishingContext, transactionThenPublish } from '../../lib/realtime';
import { alertEvents } from '../alerts/alerts.events';
import { insertAlert } from '../alerts/alerts.repository';
import { openAuctionForMember } from '../auctions/member-auction';
import { recordAdminAction } from '../audit';
import {
  type ApprovalState,
  approvalStateForUpdate,
  markApproved,
  markRejected,
} from './member-approval.repository';

export interface ApprovalDecision {
  id: number;
  username: string | null;
  is_approved: boolean;
  auctionId: number | null;
}

const stateOf = (row: ApprovalState) => ({
  is_approved: row.is_approved,
  rejection_reason: row.approval_rejection_reason,
});

/** `actorId` null is the operator CLI. Approving an approved member changes nothing. */
export async function approveMemberById(
  ctx: PublishingContext & { clock: Clock },
  userId: number,
  actorId: number | null,
): Promise<ApprovalDecision> {
  return transactionThenPublish(ctx, async (tx, events) => {
    const before = await approvalStateForUpdate(tx, userId);
    if (!before) throw notFound(ADMIN_MESSAGES.memberNotFound);
    if (before.deleted) throw badRequest('VALIDATION', SAFETY_MESSAGES.memberDeleted);
    if (before.is_approved) {
      return {
        id: userId,
        username: before.username,
        is_approved: true,
        auctionId: null,
      };
    }
    // Without a birth date yet, onboarding's own check of it still stands before the board.
    if (before.birth_date !== null) {
      const age = validateBirthDate(before.birth_date, ctx.clock());
      if (!age.ok) throw badRequest('VALIDATION', age.message);
    }
    await markApproved(tx, userId);
    const auctionId = await openAuctionForMember(tx, userId);
    const alert = await insertAlert(tx, {
      userId,
      kind: 'account_approved',
      payload: { userId },
      message: APPROVAL_ALERT_MESSAGES.approved,
      text: { key: 'APPROVAL_ALERT_MESSAGES.approved' },
    });
    await recordAdminAction(tx, {
      adminId: actorId,
      action: 'member.approve',
      targetType: 'user',
      targetId: userId,
      before: stateOf(before),
      after: { is_approved: true, rejection_reason: null, auction_id: auctionId },
    });
    events.add(...alertEvents([alert]));
    return { id: userId, username: before.username, is_approved: true, auctionId };
  });
}

/**
 * Turns a new member down with a reason they are shown (they can be approved later). An
 * approved member is not rejected: suspension is the tool for them.
 */
export async function rejectMember(
  ctx: PublishingContext,
  userId: number,
  reason: string,
  actorId: number,
): Promise<ApprovalDecision> {
  return transactionThenPublish(ctx, async (tx, events) => {
    const before = await approvalStateForUpdate(tx, userId);
    if (!before) throw notFound(ADMIN_MESSAGES.memberNotFound);
    if (before.deleted) throw badRequest('VALIDATION', SAFETY_MESSAGES.memberDeleted);
    if (before.is_approved) throw badRequest('VALIDATION', ADMIN_MESSAGES.alreadyApproved);
    await markRejected(tx, userId, reason);
    const alert = await insertAlert(tx, {
      userId,
      kind: 'account_rejected',
      payload: { userId },
      message: APPROVAL_ALERT_MESSAGES.rejected(reason),
      text: { key: 'APPROVAL_ALERT_MESSAGES.rejected', params: { reason } },
    });
    await recordAdminAction(tx, {
      adminId: actorId,
      action: 'member.reject',
      targetType: 'user',
      targetId: userId,
      before: stateOf(before),
      after: { is_approved: false, rejection_reason: reason },
    });
    events.add(...alertEvents([alert]));
    return { id: userId, username: before.username, is_approved: false, auctionId: null };
  });
}
