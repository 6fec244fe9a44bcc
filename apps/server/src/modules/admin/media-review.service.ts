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
import type { Storage } from '../../adapters/storage/storage.port';
import type { Tx } from '../../db/client';
import type { ProfileImageRow } from '../../db/media.schema';
import { notFound } from '../../lib/errors';
import { recordAdminAction } from '../audit';
import { rematchVerification } from '../media/photo-checks';
import { mayTakeFirstSpot } from '../media/photo-order';
import { type MediaContext, presentImage } from '../media/profile-images.service';
import { riskScore, riskSignalsFor } from '../vision/risk-signals';
import {
  activePhotosForUpdate,
  deactivatePhotos,
  type MediaRow,
  mediaRows,
  photoById,
  photoForUpdate,
  placePhoto,
  setPhotoReview,
  setVideoReview,
  videoForUpdate,
} from './media-review.repository';

export type ReviewStatus = 'approved' | 'rejected';

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
  return presentMediaRows(ctx, await mediaRows(ctx.db, { pending: true }));
}

export async function reviewPhoto(
  ctx: MediaContext,
  imageId: number,
  status: ReviewStatus,
  adminId: number,
): Promise<ProfileImage> {
  const row = await ctx.db.transaction(async (tx) => {
    const target = await photoForUpdate(tx, imageId);
    if (!target) throw notFound(MEDIA_MESSAGES.imageNotFound);
    const reviewed = await setPhotoReview(tx, imageId, status, ctx.clock());
    let promotedId: number | null = null;
    if (status === 'rejected' && target.is_active && target.display_order === 1) {
      promotedId = await promoteApprovedPhoto(ctx, tx, reviewed);
    }
    await recordAdminAction(tx, {
      adminId,
      action: `photo.${status === 'approved' ? 'approve' : 'reject'}`,
      targetType: 'profile_image',
      targetId: imageId,
      before: { status: target.review_status, user_id: target.user_id },
      after: { status, promoted_photo_id: promotedId },
    });
    return (await photoById(tx, imageId))!;
  });
  return presentImage(ctx.storage, row);
}

/** Swaps the member's first approved photo into slot 1; returns its id, or null if none. */
async function promoteApprovedPhoto(
  ctx: MediaContext,
  tx: Tx,
  rejected: ProfileImageRow,
): Promise<number | null> {
  const active = await activePhotosForUpdate(tx, rejected.user_id);
  const approved = active.find((image) => image.id !== rejected.id && mayTakeFirstSpot(image));
  if (!approved) return null;
  await rematchVerification(tx, rejected.user_id);
  const ids = [rejected.id, approved.id];
  // Step out of the one-active-photo-per-slot index while the two trade places.
  await deactivatePhotos(tx, ids);
  const moves = [
    { id: approved.id, display_order: 1, image_type: 'profile' as const },
    { id: rejected.id, display_order: approved.display_order, image_type: 'additional' as const },
  ];
  for (const move of moves) await placePhoto(tx, move, ctx.clock());
  return approved.id;
}

export async function reviewVideo(
  ctx: MediaContext,
  videoId: number,
  status: ReviewStatus,
  adminId: number,
): Promise<VerificationVideo> {
  return ctx.db.transaction(async (tx) => {
    const before = await videoForUpdate(tx, videoId);
    // A replaced video decides nothing and its file is gone: as if it never was.
    if (!before || before.superseded_at) throw notFound(MEDIA_MESSAGES.videoNotFound);
    const row = await setVideoReview(tx, videoId, status, ctx.clock());
    await recordAdminAction(tx, {
      adminId,
      action: `video.${status === 'approved' ? 'approve' : 'reject'}`,
      targetType: 'verification_video',
      targetId: videoId,
      before: { status: before.verification_status, user_id: before.user_id },
      after: { status },
    });
    return {
      id: row.id,
      user_id: row.user_id,
      file_name: row.file_name,
      verification_status: row.verification_status,
    };
  });
}
