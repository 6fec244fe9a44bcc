// Account deletion from Profile Settings (issue 11, marketplace §3 Deleted user): escrows
// come back (`refund_deleted_user`), the auction leaves the board, connections end, every
// session is revoked, photos, the verification video, the prompt answers' recordings
// (issue 44) and every chat image the member uploaded (sent or not, with a flagged one's
// blurred copy; its rows deleted) are queued for deletion from storage (a durable, retried
// job: modules/media/storage-deletions) and the personal fields are erased, with the PayPal
// emails and the free-form payment error details (the amounts stay for the books). The
// payee profile goes too, unless it is a tax record of a payout, kept for the law's period
// (modules/retention) with what the Part XX report needs of a Canadian payee (the date of
// birth, the PayPal addresses), copied before the erasure. The row stays, anonymised, so the ledger keeps its rows and
// partners see the deleted-user placeholder (and a chat image placeholder). The phone
// number is released: signing up with it again makes a new member.
import { SAFETY_MESSAGES } from '@bidboard/shared';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { type Realtime, transactionThenPublish } from '../../lib/realtime';
import { revokeAllSessions } from '../auth/session.service';
import { deleteUploadedChatImages } from '../chat/chat-images.repository';
import { removeChatImageObjects } from '../chat/unsent-chat-images';
import { storedKeys } from '../media/profile-images.service';
import { queueStorageDeletions } from '../media/storage-deletions';
import { deletePayeeIdentityUnlessPaid, keepPayeeRecordFields } from '../payees/payees.repository';
import { deleteMemberPromptAnswers } from '../prompts/prompts.service';
import { findUserById } from '../users/users.repository';
import {
  clearSentChatImages,
  deleteMemberLeftovers,
  eraseMember,
  eraseMemberPaymentDetails,
} from './account-deletion.repository';
import { deleteMemberPhotos, deleteVerificationVideos } from './member-photos.repository';
import { lockEntanglements, type Withdrawal, withdrawMember } from './member-withdrawal.service';
import { withdrawalEvents } from './safety.events';

export interface DeletionContext {
  db: Db;
  clock: () => Date;
  realtime?: Realtime;
}

/** The phone column is unique and required: a deleted member keeps a placeholder. */
export const deletedPhone = (userId: number) => `deleted:${userId}`;

export async function deleteAccount(
  ctx: DeletionContext,
  userId: number,
): Promise<{ withdrawal: Withdrawal }> {
  const now = ctx.clock();
  const withdrawal = await transactionThenPublish(ctx, async (tx, events) => {
    const withdrawn = await deleteAccountIn(tx, userId, now);
    events.add(...withdrawalEvents(userId, withdrawn));
    return withdrawn;
  });
  return { withdrawal };
}

/**
 * Deletes inside the caller's transaction: the member's own deletion above, and an admin's
 * (admin-safety.service, which writes the audit row and any fraud removal beside it).
 */
export async function deleteAccountIn(tx: Tx, userId: number, now: Date): Promise<Withdrawal> {
  const member = await findUserById(tx, userId);
  if (!member) throw notFound(SAFETY_MESSAGES.memberNotFound);
  const locked = await lockEntanglements(tx, userId);
  await keepPayeeRecordFields(tx, userId);
  const erased = await eraseMember(tx, userId, now, deletedPhone(userId));
  if (!erased) throw new AppError('CONFLICT', 409, SAFETY_MESSAGES.accountDeleted);
  await revokeAllSessions(tx, userId, () => now);
  const withdrawn = await withdrawMember(tx, locked, now, 'refund_deleted_user');
  const photos = await deleteMemberPhotos(tx, userId);
  const videos = await deleteVerificationVideos(tx, userId);
  const sentImages = await clearSentChatImages(tx, userId);
  const voiceAnswers = await deleteMemberPromptAnswers(tx, userId);
  await queueStorageDeletions(
    tx,
    [
      ...photos.flatMap(storedKeys),
      ...videos.map((v) => v.file_name),
      ...sentImages.map((m) => m.blob_key),
      ...voiceAnswers,
    ],
    'account_deleted',
    now,
  );
  await removeChatImageObjects(
    tx,
    await deleteUploadedChatImages(tx, userId),
    'account_deleted',
    now,
  );
  await eraseMemberPaymentDetails(tx, userId);
  await deletePayeeIdentityUnlessPaid(tx, userId);
  await deleteMemberLeftovers(tx, userId, erased.phone);
  return withdrawn;
}

/** The deleted-user placeholder exists only for a member who really deleted the account. */
export async function deletedMemberId(db: Db, userId: number): Promise<number> {
  const found = await findUserById(db, userId);
  if (!found?.deleted_at) throw notFound(SAFETY_MESSAGES.memberNotFound);
  return found.id;
}
