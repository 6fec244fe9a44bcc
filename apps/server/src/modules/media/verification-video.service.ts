// Face-turn verification videos (accounts §3, §4, §7): the browser asks for an upload
// URL under the member's own key prefix, PUTs the webm straight to storage, then submits
// the key. The submitted object must sit under that prefix and be a WebM by its bytes
// (EBML header with the 'webm' doc type); anything else is deleted and refused.
import {
  MEDIA_MESSAGES,
  VERIFICATION_VIDEO_CONTENT_TYPE,
  VERIFICATION_VIDEO_MAX_BYTES,
  type VerificationVideo,
} from '@bidboard/shared';
import { and, eq } from 'drizzle-orm';
import { isValidStorageKey, readHead } from '../../adapters/storage/storage.port';
import { type VerificationVideoRow, verificationVideos } from '../../db/media.schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { initialReviewStatus, type MediaContext } from './profile-images.service';

const folderOf = (userId: number) => `verification-videos/${userId}`;

function presentVideo(row: VerificationVideoRow): VerificationVideo {
  return {
    id: row.id,
    user_id: row.user_id,
    file_name: row.file_name,
    verification_status: row.verification_status,
  };
}

/** The member's own prefix, e.g. `dev/verification-videos/42/`. */
function memberPrefix(ctx: MediaContext, userId: number): string {
  const sample = ctx.storage.newKey(folderOf(userId), 'webm');
  return sample.slice(0, sample.lastIndexOf('/') + 1);
}

export async function createVideoUploadUrl(
  ctx: MediaContext,
  userId: number,
  contentType: string,
): Promise<{ uploadUrl: string; key: string }> {
  const base = contentType.split(';')[0]!.trim().toLowerCase();
  if (base !== VERIFICATION_VIDEO_CONTENT_TYPE) {
    throw badRequest('VALIDATION', MEDIA_MESSAGES.videoContentType);
  }
  try {
    const key = ctx.storage.newKey(folderOf(userId), 'webm');
    const uploadUrl = await ctx.storage.signedUploadUrl(key, VERIFICATION_VIDEO_CONTENT_TYPE);
    return { uploadUrl, key };
  } catch {
    throw new AppError('INTERNAL', 500, MEDIA_MESSAGES.uploadUrlFailed);
  }
}

/** EBML magic, then the 'webm' DocType within the header. */
export function isWebm(head: Buffer): boolean {
  if (head.length < 8) return false;
  if (!head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return false;
  // DocType element (0x4282), its one-byte size, then the value 'webm'.
  const at = head.indexOf('webm', 0, 'latin1');
  return at >= 3 && head[at - 3] === 0x42 && head[at - 2] === 0x82;
}

export async function submitVerificationVideo(
  ctx: MediaContext,
  userId: number,
  key: string,
): Promise<VerificationVideo> {
  if (
    !isValidStorageKey(key) ||
    !key.startsWith(memberPrefix(ctx, userId)) ||
    !key.endsWith('.webm')
  ) {
    throw notFound(MEDIA_MESSAGES.videoNotFound);
  }
  const [existing] = await ctx.db
    .select()
    .from(verificationVideos)
    .where(and(eq(verificationVideos.user_id, userId), eq(verificationVideos.file_name, key)));
  if (existing) return presentVideo(existing);

  const object = await ctx.storage.get(key);
  if (!object) throw notFound(MEDIA_MESSAGES.videoNotFound);
  if (object.size > VERIFICATION_VIDEO_MAX_BYTES) {
    object.body.destroy();
    await ctx.storage.delete(key);
    throw new AppError('VALIDATION', 413, MEDIA_MESSAGES.videoTooLarge);
  }
  if (!isWebm(await readHead(object, 64))) {
    await ctx.storage.delete(key);
    throw badRequest('VALIDATION', MEDIA_MESSAGES.videoInvalid);
  }
  const [row] = await ctx.db
    .insert(verificationVideos)
    .values({ user_id: userId, file_name: key, verification_status: initialReviewStatus(ctx) })
    .returning();
  return presentVideo(row!);
}

export async function reviewVerificationVideo(
  ctx: MediaContext,
  videoId: number,
  status: 'approved' | 'rejected',
): Promise<VerificationVideo> {
  const [row] = await ctx.db
    .update(verificationVideos)
    .set({ verification_status: status, updated_at: ctx.clock() })
    .where(eq(verificationVideos.id, videoId))
    .returning();
  if (!row) throw notFound(MEDIA_MESSAGES.videoNotFound);
  return presentVideo(row);
}
