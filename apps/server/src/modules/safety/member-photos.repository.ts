// SQL of taking a member's photos and verification video off their profile (a report's
// remove-photo action, an account deletion): the rows go, and the deleted rows come back
// so their stored files can be deleted too.
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { profileImages, verificationVideos } from '../../db/media.schema';

/** The photo if it is this member's; undefined otherwise. */
export async function deleteMemberPhoto(tx: Tx, photoId: number, userId: number) {
  const [photo] = await tx
    .delete(profileImages)
    .where(and(eq(profileImages.id, photoId), eq(profileImages.user_id, userId)))
    .returning();
  return photo;
}

export function deleteMemberPhotos(tx: Tx, userId: number) {
  return tx.delete(profileImages).where(eq(profileImages.user_id, userId)).returning();
}

export function deleteVerificationVideos(tx: Tx, userId: number) {
  return tx.delete(verificationVideos).where(eq(verificationVideos.user_id, userId)).returning();
}
