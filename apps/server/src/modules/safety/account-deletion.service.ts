// Account deletion from Profile Settings (issue 11, marketplace §3 Deleted user): escrows
// come back (`refund_deleted_user`), the auction leaves the board, connections end, every
// session is revoked, photos, the verification video and the chat images the member sent
// are queued for deletion from storage (a durable, retried job: modules/media/
// storage-deletions) and the personal fields are erased. The row stays, anonymised, so the
// ledger keeps its rows and partners see the deleted-user placeholder (and a chat image
// placeholder). The phone number is released: signing up with it again makes a new member.
import { SAFETY_MESSAGES } from '@bidboard/shared';
import { eq, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';
import { profileImages, verificationVideos } from '../../db/media.schema';
import { AppError, notFound } from '../../lib/errors';
import { type Realtime, transactionThenPublish } from '../../lib/realtime';
import { revokeAllSessions } from '../auth/session.service';
import { storedKeys } from '../media/profile-images.service';
import { queueStorageDeletions } from '../media/storage-deletions';
import { findUserById } from '../users/users.repository';
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
    const member = await findUserById(tx, userId);
    if (!member) throw notFound(SAFETY_MESSAGES.memberNotFound);
    const locked = await lockEntanglements(tx, userId);
    const [erased] = await rows<{ phone: string }>(
      tx,
      sql`UPDATE users u SET
            deleted_at = ${now.toISOString()}::timestamptz, updated_at = now(),
            phone_number = ${deletedPhone(userId)}, username = NULL, email = NULL,
            gender = NULL, ethnicity = NULL, seeking_gender = NULL, short_bio = NULL,
            postal_code = NULL, country = NULL, state = NULL, city = NULL, birth_date = NULL,
            favorite_thing_1 = NULL, favorite_thing_1_answer = NULL,
            favorite_thing_2 = NULL, favorite_thing_2_answer = NULL,
            favorite_thing_3 = NULL, favorite_thing_3_answer = NULL,
            available_for_bids = FALSE, open_to_dating = FALSE, is_approved = FALSE,
            bid_notification = FALSE, sms_notification = FALSE, sms_consent_at = NULL,
            invites_left = 0, last_active_at = NULL
          FROM (SELECT phone_number FROM users WHERE id = ${userId}) old
         WHERE u.id = ${userId} AND u.deleted_at IS NULL
     RETURNING old.phone_number AS phone`,
    );
    if (!erased) throw new AppError('CONFLICT', 409, SAFETY_MESSAGES.accountDeleted);
    await revokeAllSessions(tx, userId, () => now);
    const withdrawn = await withdrawMember(tx, locked, now, 'refund_deleted_user');
    const photos = await tx
      .delete(profileImages)
      .where(eq(profileImages.user_id, userId))
      .returning();
    const videos = await tx
      .delete(verificationVideos)
      .where(eq(verificationVideos.user_id, userId))
      .returning();
    const chatImages = await rows<{ blob_key: string }>(
      tx,
      sql`UPDATE messages m SET blob_key = NULL
            FROM (SELECT id, blob_key FROM messages
                   WHERE sender_id = ${userId} AND blob_key IS NOT NULL FOR UPDATE) old
           WHERE m.id = old.id
       RETURNING old.blob_key`,
    );
    await queueStorageDeletions(
      tx,
      [
        ...photos.flatMap(storedKeys),
        ...videos.map((v) => v.file_name),
        ...chatImages.map((m) => m.blob_key),
      ],
      'account_deleted',
      now,
    );
    await tx.execute(sql`DELETE FROM otp_codes WHERE phone_number = ${erased.phone}`);
    await tx.execute(sql`DELETE FROM push_subscriptions WHERE user_id = ${userId}`);
    await tx.execute(sql`DELETE FROM alerts WHERE user_id = ${userId}`);
    await tx.execute(
      sql`DELETE FROM blocks WHERE blocker_id = ${userId} OR blocked_id = ${userId}`,
    );
    events.add(...withdrawalEvents(userId, withdrawn));
    return withdrawn;
  });
  return { withdrawal };
}

/** The deleted-user placeholder exists only for a member who really deleted the account. */
export async function deletedMemberId(db: Db, userId: number): Promise<number> {
  const found = await findUserById(db, userId);
  if (!found?.deleted_at) throw notFound(SAFETY_MESSAGES.memberNotFound);
  return found.id;
}
