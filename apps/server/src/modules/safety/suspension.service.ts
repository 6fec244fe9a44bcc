// Suspension by an admin (issue 11): the member is signed out everywhere at once, their
// auction leaves the board with the leader refunded, every escrow they hold as a bidder
// comes back to them and their connections end (member-withdrawal.service). Restoring
// lets them sign in again; the refunds stay, and their auction returns with the next
// period. Both are guarded updates: twice in parallel, the second gets 409. A suspension
// for fraud or scam (issue 42) is recorded for the notice job, which tells the members who
// exchanged messages with the account.
import { SAFETY_MESSAGES, type SuspensionCategory } from '@bidboard/shared';
import type { Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { revokeAllSessions } from '../auth/session.service';
import { findUserById } from '../users/users.repository';
import { recordRemovalIfFraud } from './fraud-notices.service';
import { lockEntanglements, type Withdrawal, withdrawMember } from './member-withdrawal.service';
import { clearSuspension, markSuspended, type SuspensionState } from './suspension.repository';

const conflict = (message: string) => new AppError('CONFLICT', 409, message);

/** Suspends inside the caller's transaction (the caller writes the audit row beside it). */
export async function suspendMemberIn(
  tx: Tx,
  userId: number,
  reason: string,
  category: SuspensionCategory,
  now: Date,
): Promise<{ before: SuspensionState; after: SuspensionState; withdrawal: Withdrawal }> {
  const member = await findUserById(tx, userId);
  if (!member || member.deleted_at) throw notFound(SAFETY_MESSAGES.memberNotFound);
  const locked = await lockEntanglements(tx, userId);
  const after = await markSuspended(tx, userId, reason, category, now);
  if (!after) throw conflict(SAFETY_MESSAGES.alreadySuspended);
  await recordRemovalIfFraud(tx, userId, category, now);
  await revokeAllSessions(tx, userId, () => now);
  const withdrawal = await withdrawMember(tx, locked, now, 'refund');
  return {
    before: { id: userId, suspended_at: null, suspension_reason: null },
    after: { ...after, suspended_at: new Date(after.suspended_at!) },
    withdrawal,
  };
}

export async function restoreMemberIn(
  tx: Tx,
  userId: number,
): Promise<{ before: SuspensionState; after: SuspensionState }> {
  const member = await findUserById(tx, userId);
  if (!member || member.deleted_at) throw notFound(SAFETY_MESSAGES.memberNotFound);
  const after = await clearSuspension(tx, userId);
  if (!after) throw conflict(SAFETY_MESSAGES.notSuspended);
  return {
    before: {
      id: userId,
      suspended_at: member.suspended_at,
      suspension_reason: member.suspension_reason,
    },
    after: { id: userId, suspended_at: null, suspension_reason: null },
  };
}
