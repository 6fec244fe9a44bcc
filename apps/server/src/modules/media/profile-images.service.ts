// Members' profile photos (accounts §3, §5, §7): upload into a slot, list, delete,
// reorder and admin review. Files are written only after the photo has been fully
// decoded and re-encoded, and removed again if the row cannot be saved, so a rejected
// upload leaves nothing behind. Review state is shown to the owner only. A photo for
// slot 1 must show a face to the server's check before anything is stored (issue 20);
// photos for other slots are screened by a job queued with the row (issue 23).
import {
  type ImageSize,
  type ImageType,
  MEDIA_MESSAGES,
  type ProfileImage,
  type UserProfileImage,
} from '@bidboard/shared';
import type { Storage } from '../../adapters/storage/storage.port';
import type { ProfileImageRow } from '../../db/media.schema';
import type { ServiceContext } from '../../lib/context';
import { AppError, badRequest, notFound, pgErrorCode } from '../../lib/errors';
import { isBlockedBetween } from '../blocks/blocks.repository';
import { enqueueVisionJob } from '../vision/vision-jobs.repository';
import { processProfilePhoto } from './image-processing';
import { checkFirstSpotUpload, type PhotoVerdict, rematchVerification } from './photo-checks';
import { type OrderRequest, planPhotoOrder } from './photo-order';
import {
  activeImages,
  deactivateImages,
  deleteActiveInSlot,
  deleteImage,
  insertProfileImage,
  lockActiveImages,
  moveImageToSlot,
} from './profile-images.repository';
import { admitUpload } from './upload-rate';

export type MediaContext = Pick<
  ServiceContext,
  'db' | 'storage' | 'clock' | 'config' | 'vision' | 'wakeVisionJobs'
>;

/**
 * Uploads wait for an admin's review, except where the deployment approves members at
 * onboarding (AUTO_APPROVE, product rules: Approval): their photos and videos too.
 */
export function initialReviewStatus(ctx: Pick<ServiceContext, 'config'>): 'approved' | 'pending' {
  return ctx.config.AUTO_APPROVE ? 'approved' : 'pending';
}

const PHOTO_FOLDER = 'profile-images';
const imageTypeOf = (slot: number): ImageType => (slot === 1 ? 'profile' : 'additional');

export async function presentImage(storage: Storage, row: ProfileImageRow): Promise<ProfileImage> {
  const [url, thumbnailUrl] = await Promise.all([
    storage.signedUrl(row.file_name),
    storage.signedUrl(row.thumbnail_file_name),
  ]);
  return {
    id: row.id,
    user_id: row.user_id,
    image_type: row.image_type,
    file_name: row.file_name,
    display_order: row.display_order,
    is_active: row.is_active,
    url,
    thumbnail_url: thumbnailUrl,
    is_approved: row.review_status,
    face_check: row.face_status,
    screening: row.screen_status,
  };
}

/** The columns an upload writes from the photo's verdict (slot 1) or for its job (others). */
function checkedColumns(ctx: MediaContext, verdict: PhotoVerdict | null) {
  if (!verdict) return { review_status: initialReviewStatus(ctx) };
  return {
    face_status: verdict.face_status,
    nudity_score: verdict.nudity_score,
    screen_status: verdict.held ? ('held' as const) : ('passed' as const),
    screened_at: ctx.clock(),
    // Held photos, and a slot-1 photo no face model looked at, wait for a person whatever
    // the deployment approves on its own.
    review_status:
      verdict.held || verdict.face_status === 'no_consent'
        ? ('pending' as const)
        : initialReviewStatus(ctx),
  };
}

export function storedKeys(row: ProfileImageRow): string[] {
  return [
    row.file_name,
    row.thumbnail_file_name,
    ...(row.card_file_name ? [row.card_file_name] : []),
  ];
}

async function removeFiles(storage: Storage, rows: readonly ProfileImageRow[]) {
  await Promise.allSettled(rows.flatMap(storedKeys).map((key) => storage.delete(key)));
}

/** Stores a photo in one of the member's slots, replacing the photo already there. */
export async function uploadProfileImage(
  ctx: MediaContext,
  userId: number,
  bytes: Uint8Array,
  slot: number,
): Promise<ProfileImage> {
  await admitUpload(ctx, userId, 'photo');
  const photo = await processProfilePhoto(bytes);
  const verdict = slot === 1 ? await checkFirstSpotUpload(ctx, userId, photo.original) : null;
  const originalKey = ctx.storage.newKey(PHOTO_FOLDER, 'webp');
  const cardKey = ctx.storage.newKey(PHOTO_FOLDER, 'webp');
  const thumbnailKey = ctx.storage.newKey(PHOTO_FOLDER, 'webp');
  const keys = [originalKey, cardKey, thumbnailKey];
  const removeStored = () => Promise.allSettled(keys.map((key) => ctx.storage.delete(key)));
  try {
    await ctx.storage.put(originalKey, photo.original, 'image/webp');
    await ctx.storage.put(cardKey, photo.card, 'image/webp');
    await ctx.storage.put(thumbnailKey, photo.thumbnail, 'image/webp');
  } catch (error) {
    await removeStored();
    throw error;
  }
  let replaced: ProfileImageRow[] = [];
  try {
    const row = await ctx.db.transaction(async (tx) => {
      replaced = await deleteActiveInSlot(tx, userId, slot);
      const inserted = await insertProfileImage(tx, {
        user_id: userId,
        image_type: imageTypeOf(slot),
        file_name: originalKey,
        thumbnail_file_name: thumbnailKey,
        card_file_name: cardKey,
        display_order: slot,
        width: photo.size,
        height: photo.size,
        ...checkedColumns(ctx, verdict),
      });
      if (slot === 1) await rematchVerification(tx, userId);
      else await enqueueVisionJob(tx, 'photo_screen', inserted.id);
      return inserted;
    });
    ctx.wakeVisionJobs();
    await removeFiles(ctx.storage, replaced);
    return presentImage(ctx.storage, row);
  } catch (error) {
    await removeStored();
    if (pgErrorCode(error) === '23505') {
      throw new AppError('CONFLICT', 409, MEDIA_MESSAGES.saveImageFailed);
    }
    throw error;
  }
}

export interface ListImagesQuery {
  userId?: number;
  size: ImageSize;
  displayOrder?: number;
  image_type?: ImageType;
}

/**
 * A member's photos; another member sees only photos shown to others (approved, screened,
 * and slot 1 among them) and no review state, and none across a block either way.
 */
export async function listProfileImages(
  ctx: Pick<MediaContext, 'db' | 'storage'>,
  viewerId: number,
  query: ListImagesQuery,
): Promise<UserProfileImage[]> {
  const ownerId = query.userId ?? viewerId;
  const isOwner = ownerId === viewerId;
  const hidden = !isOwner && (await isBlockedBetween(ctx.db, viewerId, ownerId));
  const active = hidden ? [] : await activeImages(ctx.db, ownerId);
  const shown = (row: ProfileImageRow) =>
    row.review_status === 'approved' && row.screen_status === 'passed';
  const slotOneShown = active.some((row) => row.display_order === 1 && shown(row));
  const rows = active.filter(
    (row) =>
      (isOwner || (slotOneShown && shown(row))) &&
      (query.displayOrder === undefined || row.display_order === query.displayOrder) &&
      (query.image_type === undefined || row.image_type === query.image_type),
  );
  if (query.displayOrder !== undefined && rows.length === 0) {
    throw notFound(MEDIA_MESSAGES.imageNotFound);
  }
  return Promise.all(
    rows.map(async (row) => {
      const key = query.size === 'thumbnail' ? row.thumbnail_file_name : row.file_name;
      return {
        id: row.id,
        display_order: row.display_order,
        image_type: row.image_type,
        file_name: key,
        url: await ctx.storage.signedUrl(key),
        ...(isOwner
          ? {
              is_approved: row.review_status,
              face_check: row.face_status,
              screening: row.screen_status,
            }
          : {}),
      };
    }),
  );
}

/** Slot 1 stays, and a member always keeps at least one photo. */
export async function deleteProfileImage(
  ctx: MediaContext,
  userId: number,
  slot: number,
  imageType?: ImageType,
): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const images = await lockActiveImages(tx, userId);
    const target = images.find(
      (image) =>
        image.display_order === slot && (imageType === undefined || image.image_type === imageType),
    );
    if (!target) throw notFound(MEDIA_MESSAGES.imageNotFound);
    if (slot === 1) throw badRequest('VALIDATION', MEDIA_MESSAGES.firstPhotoRequired);
    if (images.length <= 1) throw badRequest('VALIDATION', MEDIA_MESSAGES.lastPhotoRequired);
    await deleteImage(tx, target.id);
    return target;
  });
  await removeFiles(ctx.storage, [removed]);
}

export async function reorderProfileImages(
  ctx: MediaContext,
  userId: number,
  requested: readonly OrderRequest[],
): Promise<UserProfileImage[]> {
  await ctx.db.transaction(async (tx) => {
    const images = await lockActiveImages(tx, userId);
    const moves = planPhotoOrder(images, requested);
    if (moves.length === 0) return;
    if (moves.some((move) => move.display_order === 1)) await rematchVerification(tx, userId);
    const ids = moves.map((move) => move.id);
    // Step out of the one-active-photo-per-slot index while the slots change hands.
    await deactivateImages(tx, ids);
    for (const move of moves) {
      await moveImageToSlot(tx, move.id, {
        display_order: move.display_order,
        image_type: imageTypeOf(move.display_order),
        updated_at: ctx.clock(),
      });
    }
  });
  ctx.wakeVisionJobs();
  return listProfileImages(ctx, userId, { size: 'original' });
}
