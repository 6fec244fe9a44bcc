// The review queue of photos and verification videos (product rules: Approval and
// moderation). Each decision is audited in its transaction. Only an approved photo may
// stay in slot 1: rejecting the photo there moves the member's first photo that may take
// the 1st spot (approved, a face found: issue 20) into slot 1 (the rejected one takes its
// place); with none the rejected photo stays, shown to its owner only, until they replace
// it. Approving a photo the nudity screening held lets it be shown: a person looked.
import {
  type AdminMediaItem,
  MEDIA_MESSAGES,
  type ProfileImage,
  type RiskSignals,
  type VerificationVideo,
} from '@bidboard/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage.port';
import { rows, type Tx } from '../../db/client';
import { profileImages, verificationVideos } from '../../db/media.schema';
import { notFound } from '../../lib/errors';
import { recordAdminAction } from '../audit';
import { rematchVerification } from '../media/photo-checks';
import { mayTakeFirstSpot } from '../media/photo-order';
import { type MediaContext, presentImage } from '../media/profile-images.service';
import { riskScore, riskSignalsFor } from '../vision/risk-signals';

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
  face_status: AdminMediaItem['face_check'];
  screen_status: AdminMediaItem['screening'];
  nudity_score: number | null;
  evidence_keys: string[] | string | null;
  /** The slot-1 photo a video was matched against. */
  match_photo_file_name: string | null;
  created_at: Date | string;
}

const keysOf = (value: MediaRow['evidence_keys']) =>
  !value
    ? []
    : Array.isArray(value)
      ? value
      : value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean);

export async function presentMedia(
  storage: Storage,
  row: MediaRow,
  signals: RiskSignals,
): Promise<AdminMediaItem> {
  const [url, thumbnailUrl, photoUrl, frameUrls] = await Promise.all([
    storage.signedUrl(row.file_name),
    row.thumbnail_file_name ? storage.signedUrl(row.thumbnail_file_name) : null,
    row.match_photo_file_name ? storage.signedUrl(row.match_photo_file_name) : null,
    Promise.all(keysOf(row.evidence_keys).map((key) => storage.signedUrl(key))),
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
    face_check: row.kind === 'photo' ? row.face_status : null,
    screening: row.kind === 'photo' ? row.screen_status : null,
    nudity_score: row.nudity_score === null ? null : Number(row.nudity_score),
    evidence: row.kind === 'video' ? { photo_url: photoUrl, frame_urls: frameUrls } : null,
    signals,
    risk: riskScore(signals),
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
          WHERE ${videoWhere})
        ORDER BY created_at, id
        LIMIT ${QUEUE_LIMIT}`,
  );
}

/** Each row with its member's signals, riskiest first (then oldest first). */
export async function presentMediaRows(ctx: MediaContext, found: MediaRow[]) {
  const signals = await riskSignalsFor(
    ctx.db,
    found.map((row) => row.user_id),
  );
  const items = await Promise.all(
    found.map((row) => presentMedia(ctx.storage, row, signals.get(row.user_id)!)),
  );
  return items.sort((a, b) => b.risk - a.risk);
}

export async function reviewQueue(ctx: MediaContext): Promise<AdminMediaItem[]> {
  return presentMediaRows(ctx, await mediaRows(ctx, { pending: true }));
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
      .set({
        review_status: status,
        ...(status === 'approved' ? { screen_status: 'passed' as const } : {}),
        updated_at: ctx.clock(),
      })
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
  const approved = active.find((image) => image.id !== rejected.id && mayTakeFirstSpot(image));
  if (!approved) return null;
  await rematchVerification(tx, rejected.user_id);
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
