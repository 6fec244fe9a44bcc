// SQL of the photo and video review queue: the rows an admin looks at, and the locked
// reads and writes of a decision (the service holds the transaction and the rules).
import type { AdminMediaItem } from '@bidboard/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import { type ProfileImageRow, profileImages, verificationVideos } from '../../db/media.schema';

const QUEUE_LIMIT = 100;

export interface MediaRow {
  id: number;
  user_id: number;
  username: string | null;
  kind: 'photo' | 'video';
  display_order: number | null;
  status: AdminMediaItem['status'];
  file_name: string;
  thumbnail_file_name: string | null;
  face_status: AdminMediaItem['face_check'];
  screen_status: AdminMediaItem['screening'];
  nudity_score: number | null;
  evidence_keys: string[] | string | null;
  /** The slot-1 photo a video was matched against. */
  match_photo_file_name: string | null;
  created_at: Date | string;
}

/** Active photos and videos of one member (`userId`) or everyone's pending ones, oldest first. */
export async function mediaRows(
  db: Executor,
  filter: { userId: number } | { pending: true },
): Promise<MediaRow[]> {
  const photoWhere =
    'userId' in filter ? sql`i.user_id = ${filter.userId}` : sql`i.review_status = 'pending'`;
  const videoWhere =
    'userId' in filter ? sql`v.user_id = ${filter.userId}` : sql`v.verification_status = 'pending'`;
  // A replaced video's file is gone and it decides nothing: only the member's live one.
  return rows<MediaRow>(
    db,
    sql`(SELECT i.id, i.user_id, u.username, 'photo' AS kind, i.display_order,
                i.review_status AS status, i.file_name, i.thumbnail_file_name,
                i.face_status, i.screen_status, i.nudity_score, NULL::text[] AS evidence_keys,
                NULL AS match_photo_file_name, i.created_at
           FROM profile_images i JOIN users u ON u.id = i.user_id
          WHERE i.is_active AND ${photoWhere})
        UNION ALL
        (SELECT v.id, v.user_id, u.username, 'video' AS kind, NULL AS display_order,
                v.verification_status AS status, v.file_name, NULL AS thumbnail_file_name,
                NULL AS face_status, NULL AS screen_status, NULL AS nudity_score,
                v.evidence_keys, p.file_name AS match_photo_file_name, v.created_at
           FROM verification_videos v JOIN users u ON u.id = v.user_id
           LEFT JOIN profile_images p ON p.id = v.face_match_photo_id
          WHERE v.superseded_at IS NULL AND ${videoWhere})
        ORDER BY created_at, id
        LIMIT ${QUEUE_LIMIT}`,
  );
}

export async function photoForUpdate(tx: Tx, imageId: number) {
  const [photo] = await tx
    .select()
    .from(profileImages)
    .where(eq(profileImages.id, imageId))
    .for('update');
  return photo;
}

export async function photoById(tx: Tx, imageId: number) {
  const [photo] = await tx.select().from(profileImages).where(eq(profileImages.id, imageId));
  return photo;
}

/** An approval also passes the nudity screening: a person looked. */
export async function setPhotoReview(
  tx: Tx,
  imageId: number,
  status: 'approved' | 'rejected',
  now: Date,
): Promise<ProfileImageRow> {
  const [reviewed] = await tx
    .update(profileImages)
    .set({
      review_status: status,
      ...(status === 'approved' ? { screen_status: 'passed' as const } : {}),
      updated_at: now,
    })
    .where(eq(profileImages.id, imageId))
    .returning();
  return reviewed!;
}

/** The member's active photos in slot order, locked. */
export async function activePhotosForUpdate(tx: Tx, userId: number) {
  return tx
    .select()
    .from(profileImages)
    .where(and(eq(profileImages.user_id, userId), eq(profileImages.is_active, true)))
    .orderBy(asc(profileImages.display_order))
    .for('update');
}

export async function deactivatePhotos(tx: Tx, ids: number[]) {
  await tx.update(profileImages).set({ is_active: false }).where(inArray(profileImages.id, ids));
}

/** Puts a photo, active again, in a slot. */
export async function placePhoto(
  tx: Tx,
  move: { id: number; display_order: number; image_type: 'profile' | 'additional' },
  now: Date,
) {
  await tx
    .update(profileImages)
    .set({
      display_order: move.display_order,
      image_type: move.image_type,
      is_active: true,
      updated_at: now,
    })
    .where(eq(profileImages.id, move.id));
}

export async function videoForUpdate(tx: Tx, videoId: number) {
  const [video] = await tx
    .select()
    .from(verificationVideos)
    .where(eq(verificationVideos.id, videoId))
    .for('update');
  return video;
}

export async function setVideoReview(
  tx: Tx,
  videoId: number,
  status: 'approved' | 'rejected',
  now: Date,
) {
  const [row] = await tx
    .update(verificationVideos)
    .set({ verification_status: status, reviewed_at: now, updated_at: now })
    .where(eq(verificationVideos.id, videoId))
    .returning();
  return row!;
}
