// SQL of members' profile photos as their owner, the upload, the screening job and the
// face match handle them. What others may see is in profile-pictures.repository.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ProfileImageRow, profileImages } from '../../db/media.schema';

type NewProfileImage = typeof profileImages.$inferInsert;

function activeImagesQuery(db: Executor, userId: number) {
  return db
    .select()
    .from(profileImages)
    .where(and(eq(profileImages.user_id, userId), eq(profileImages.is_active, true)))
    .orderBy(asc(profileImages.display_order));
}

/** The member's active photos in slot order. */
export async function activeImages(db: Executor, userId: number): Promise<ProfileImageRow[]> {
  return activeImagesQuery(db, userId);
}

/** The member's active photos in slot order, locked (FOR UPDATE) for the transaction. */
export async function lockActiveImages(tx: Executor, userId: number): Promise<ProfileImageRow[]> {
  return activeImagesQuery(tx, userId).for('update');
}

/** Deletes the active photo in the member's slot; returns what was there (none or one). */
export async function deleteActiveInSlot(
  tx: Executor,
  userId: number,
  slot: number,
): Promise<ProfileImageRow[]> {
  return tx
    .delete(profileImages)
    .where(
      and(
        eq(profileImages.user_id, userId),
        eq(profileImages.display_order, slot),
        eq(profileImages.is_active, true),
      ),
    )
    .returning();
}

export async function insertProfileImage(
  tx: Executor,
  values: NewProfileImage,
): Promise<ProfileImageRow> {
  const [inserted] = await tx.insert(profileImages).values(values).returning();
  return inserted!;
}

export async function deleteImage(tx: Executor, id: number): Promise<void> {
  await tx.delete(profileImages).where(eq(profileImages.id, id));
}

/** Takes the photos out of their slots (inactive), so others may move into them. */
export async function deactivateImages(tx: Executor, ids: number[]): Promise<void> {
  await tx.update(profileImages).set({ is_active: false }).where(inArray(profileImages.id, ids));
}

/** Puts a photo, active again, into its new slot. */
export async function moveImageToSlot(
  tx: Executor,
  id: number,
  move: Pick<ProfileImageRow, 'display_order' | 'image_type' | 'updated_at'>,
): Promise<void> {
  await tx
    .update(profileImages)
    .set({ ...move, is_active: true })
    .where(eq(profileImages.id, id));
}

export async function findImage(db: Executor, id: number): Promise<ProfileImageRow | null> {
  const [photo] = await db.select().from(profileImages).where(eq(profileImages.id, id));
  return photo ?? null;
}

/** The photo, locked (FOR UPDATE) for the rest of the transaction; null when it is gone. */
export async function lockImage(tx: Executor, id: number): Promise<ProfileImageRow | null> {
  const [current] = await tx
    .select()
    .from(profileImages)
    .where(eq(profileImages.id, id))
    .for('update');
  return current ?? null;
}

type ScreeningColumns = Pick<ProfileImageRow, 'face_status' | 'nudity_score' | 'screened_at'> &
  Partial<Pick<ProfileImageRow, 'screen_status' | 'review_status'>>;

export async function recordScreening(
  tx: Executor,
  id: number,
  columns: ScreeningColumns,
): Promise<void> {
  await tx.update(profileImages).set(columns).where(eq(profileImages.id, id));
}

/** The member's active slot-1 photo, or null. */
export async function activeSlotOnePhoto(
  db: Executor,
  userId: number,
): Promise<ProfileImageRow | null> {
  const [photo] = await db
    .select()
    .from(profileImages)
    .where(
      and(
        eq(profileImages.user_id, userId),
        eq(profileImages.is_active, true),
        eq(profileImages.display_order, 1),
      ),
    )
    .orderBy(desc(profileImages.id))
    .limit(1);
  return photo ?? null;
}

export async function saveFaceEmbedding(
  tx: Executor,
  id: number,
  faceEmbedding: Uint8Array,
): Promise<void> {
  await tx
    .update(profileImages)
    .set({ face_embedding: faceEmbedding })
    .where(eq(profileImages.id, id));
}
