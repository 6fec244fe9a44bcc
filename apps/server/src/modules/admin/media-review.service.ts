// The review queue of photos and verification videos (product rules: Approval and
// moderation). Each decision is audited in its transaction. Only an approved photo may
// stay in slot 1: rejecting the photo there moves the member's first approved photo into
// slot 1 (the rejected one takes its place); with none approved the rejected photo stays,
// shown to its owner only, until they replace it.
import {
  type AdminMediaItem,
  MEDIA_MESSAGES,
  type ProfileImage,
  type VerificationVideo,
} from '@bidboard/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage.port';
import { rows, type Tx } from '../../db/client';
import { profileImages, verificationVideos } from '../../db/media.schema';
import { notFound } from '../../lib/errors';
import { recordAdminAction } from '../audit';
import { type MediaContext, presentImage } from '../media/profile-images.service';

export type ReviewStatus = 'approved' | 'rejected';

const QUEUE_LIMIT = 100;

interface MediaRow {
  id: number;
  user_id: number;
  username: string | null;
  kind: 'photo' | 'video';
  display_order: number | null;
  status: AdminMediaItem['status'];
  file_name: string;
  thumbnail_file_name: string | null;
  created_at: Date | string;
}

export async function presentMedia(storage: Storage, row: MediaRow): Promise<AdminMediaItem> {
  const [url, thumbnailUrl] = await Promise.all([
    storage.signedUrl(row.file_name),
    row.thumbnail_file_name ? storage.signedUrl(row.thumbnail_file_name) : null,
  ]);
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    kind: row.kind,
    display_order: row.display_order,
    status: row.status,
    url,
    thumbnail_url: thumbnailUrl,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Active photos and videos of one member (`userId`) or everyone's pending ones, oldest first. */
export async function mediaRows(
  ctx: MediaContext,
  filter: { userId: number } | { pending: true },
): Promise<MediaRow[]> {
  const photoWhere =
    'userId' in filter ? sql`i.user_id = ${filter.userId}` : sql`i.review_status = 'pending'`;
  const videoWhere =
    'userId' in filter ? sql`v.user_id = ${filter.userId}` : sql`v.verification_status = 'pending'`;
  return rows<MediaRow>(
    ctx.db,
    sql`(SELECT i.id, i.user_id, u.username, 'photo' AS kind, i.display_order,
                i.review_status AS status, i.file_name, i.thumbnail_file_name, i.created_at
           FROM profile_images i JOIN users u ON u.id = i.user_id
          WHERE i.is_active AND ${photoWhere})
        UNION ALL
        (SELECT v.id, v.user_id, u.username, 'video' AS kind, NULL AS display_order,
                v.verification_status AS status, v.file_name, NULL AS thumbnail_file_name,
                v.created_at
           FROM verification_videos v JOIN users u ON u.id = v.user_id
          WHERE ${videoWhere})
        ORDER BY created_at, id
        LIMIT ${QUEUE_LIMIT}`,
  );
}

export async function reviewQueue(ctx: MediaContext): Promise<AdminMediaItem[]> {
  const found = await mediaRows(ctx, { pending: true });
  return Promise.all(found.map((row) => presentMedia(ctx.storage, row)));
}

export async function reviewPhoto(
  ctx: MediaContext,
  imageId: number,
  status: ReviewStatus,
  adminId: number,
): Promise<ProfileImage> {
  const row = await ctx.db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(profileImages)
      .where(eq(profileImages.id, imageId))
      .for('update');
    if (!target) throw notFound(MEDIA_MESSAGES.imageNotFound);
    const [reviewed] = await tx
      .update(profileImages)
      .set({ review_status: status, updated_at: ctx.clock() })
      .where(eq(profileImages.id, imageId))
      .returning();
    let promotedId: number | null = null;
    if (status === 'rejected' && target.is_active && target.display_order === 1) {
      promotedId = await promoteApprovedPhoto(ctx, tx, reviewed!);
    }
    await recordAdminAction(tx, {
      adminId,
      action: `photo.${status === 'approved' ? 'approve' : 'reject'}`,
      targetType: 'profile_image',
      targetId: imageId,
      before: { status: target.review_status, user_id: target.user_id },
      after: { status, promoted_photo_id: promotedId },
    });
    const [current] = await tx.select().from(profileImages).where(eq(profileImages.id, imageId));
    return current!;
  });
  return presentImage(ctx.storage, row);
}

/** Swaps the member's first approved photo into slot 1; returns its id, or null if none. */
async function promoteApprovedPhoto(
  ctx: MediaContext,
  tx: Tx,
  rejected: typeof profileImages.$inferSelect,
): Promise<number | null> {
  const active = await tx
    .select()
    .from(profileImages)
    .where(and(eq(profileImages.user_id, rejected.user_id), eq(profileImages.is_active, true)))
    .orderBy(asc(profileImages.display_order))
    .for('update');
  const approved = active.find((image) => image.review_status === 'approved');
  if (!approved) return null;
  const ids = [rejected.id, approved.id];
  // Step out of the one-active-photo-per-slot index while the two trade places.
  await tx.update(profileImages).set({ is_active: false }).where(inArray(profileImages.id, ids));
  const moves = [
    { id: approved.id, display_order: 1, image_type: 'profile' as const },
    { id: rejected.id, display_order: approved.display_order, image_type: 'additional' as const },
  ];
  for (const move of moves) {
    await tx
      .update(profileImages)
      .set({
        display_order: move.display_order,
        image_type: move.image_type,
        is_active: true,
        updated_at: ctx.clock(),
      })
      .where(eq(profileImages.id, move.id));
  }
  return approved.id;
}

export async function reviewVideo(
  ctx: MediaContext,
  videoId: number,
  status: ReviewStatus,
  adminId: number,
): Promise<VerificationVideo> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(verificationVideos)
      .where(eq(verificationVideos.id, videoId))
      .for('update');
    if (!before) throw notFound(MEDIA_MESSAGES.videoNotFound);
    const [row] = await tx
      .update(verificationVideos)
      .set({ verification_status: status, updated_at: ctx.clock() })
      .where(eq(verificationVideos.id, videoId))
      .returning();
    await recordAdminAction(tx, {
      adminId,
      action: `video.${status === 'approved' ? 'approve' : 'reject'}`,
      targetType: 'verification_video',
      targetId: videoId,
      before: { status: before.verification_status, user_id: before.user_id },
      after: { status },
    });
    return {
      id: row!.id,
      user_id: row!.user_id,
      file_name: row!.file_name,
      verification_status: row!.verification_status,
    };
  });
}
