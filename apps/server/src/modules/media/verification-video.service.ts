// Face-turn verification videos (accounts §3, §4, §7): the browser asks for an upload
// URL under the member's own key prefix, PUTs the webm straight to storage, then submits
// the key. The submitted object must sit under that prefix and be a real WebM video by its
// bytes (webm-probe: EBML header, a video track, frames over a plausible length); anything
// else is deleted and refused. A submitted video queues its face match (issue 23) in the
// transaction that stores it.
//
// Each face match costs seconds of model time that every member's photo and chat-image
// screening waits behind, so (issue 41) a member may submit `verification_videos_per_day`
// videos in 24 hours, refused with a 429 at the upload URL and again, under the member's
// row lock, at the submission. Only the latest video counts for the member, so a new one
// replaces the older: their files and frames are deleted, their face descriptions
// forgotten, and their face matches that have not started are dropped.
//
// A member who declined biometric consent (issue 42) still submits a video: its face match
// measures nothing, and it waits for a person even where uploads are approved on their own.
import {
  MEDIA_MESSAGES,
  VERIFICATION_VIDEO_CONTENT_TYPE,
  VERIFICATION_VIDEO_MAX_BYTES,
  VERIFICATION_VIDEO_SECONDS,
  type VerificationVideo,
} from '@bidboard/shared';
import { isValidStorageKey, readHead } from '../../adapters/storage/storage.port';
import type { Executor } from '../../db/client';
import type { VerificationVideoRow } from '../../db/media.schema';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/errors';
import { hasBiometricConsent } from '../biometrics/biometric-consent.service';
import { loadSettings } from '../settings/settings.service';
import { dropPendingVisionJobs, enqueueVisionJob } from '../vision/vision-jobs.repository';
import { initialReviewStatus, type MediaContext } from './profile-images.service';
import { queueStorageDeletions } from './storage-deletions';
import { openUploadSlot } from './upload-slots';
import { claimUploadSlot, lockSlotOwner } from './upload-slots.repository';
import {
  countSubmissionsSince,
  findMemberVideo,
  insertVideo,
  latestVideo,
  supersedeOtherVideos,
} from './verification-videos.repository';
import { probeWebm } from './webm-probe';

const DAY_MS = 24 * 3600 * 1000;

/** Refuses when the member has submitted their daily number of videos already. */
async function refuseOverDailyLimit(
  ctx: Pick<MediaContext, 'clock' | 'config'>,
  db: Executor,
  userId: number,
) {
  const { verification_videos_per_day: limit } = await loadSettings(db, ctx.config);
  const since = new Date(ctx.clock().getTime() - DAY_MS);
  if ((await countSubmissionsSince(db, userId, since)) >= limit) {
    throw tooManyRequests(MEDIA_MESSAGES.tooManyVideos);
  }
}

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
function memberPrefix(ctx: Pick<MediaContext, 'storage'>, userId: number): string {
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
  // Refused before anything is recorded for nothing.
  await refuseOverDailyLimit(ctx, ctx.db, userId);
  const key = ctx.storage.newKey(folderOf(userId), 'webm');
  // The slot exists before the URL does: an upload that is never submitted gets swept.
  await openUploadSlot(ctx.db, userId, key, ctx.clock());
  try {
    const uploadUrl = await ctx.storage.signedUploadUrl(key, VERIFICATION_VIDEO_CONTENT_TYPE);
    return { uploadUrl, key };
  } catch {
    throw new AppError('INTERNAL', 500, MEDIA_MESSAGES.uploadUrlFailed);
  }
}

/**
 * The member's latest submitted video, so a reload of step 11 does not ask for another
 * recording. Only the member's own rows; a rejected one is returned as such.
 */
export async function latestVerificationVideo(
  ctx: Pick<MediaContext, 'db'>,
  userId: number,
): Promise<VerificationVideo | null> {
  const row = await latestVideo(ctx.db, userId);
  return row ? presentVideo(row) : null;
}

/** Why the stored bytes are not a face-turn recording, or null when they are one. */
export function videoProblem(bytes: Buffer): string | null {
  const probe = probeWebm(bytes);
  if (!probe) return MEDIA_MESSAGES.videoInvalid;
  const { min, max } = VERIFICATION_VIDEO_SECONDS;
  const plausible = probe.durationSeconds >= min && probe.durationSeconds <= max;
  if (!probe.hasVideoTrack || probe.videoFrames < 2 || !plausible) {
    return MEDIA_MESSAGES.videoUnplayable;
  }
  return null;
}

export async function submitVerificationVideo(
  ctx: Omit<MediaContext, 'vision'>,
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
  const existing = await findMemberVideo(ctx.db, userId, key);
  if (existing) return presentVideo(existing);
  await refuseOverDailyLimit(ctx, ctx.db, userId);
  // Claimed once, before the bytes are read: the sweeper leaves a claimed upload alone.
  if (!(await claimUploadSlot(ctx.db, userId, key, ctx.clock()))) {
    throw notFound(MEDIA_MESSAGES.videoNotFound);
  }

  const object = await ctx.storage.get(key);
  if (!object) throw notFound(MEDIA_MESSAGES.videoNotFound);
  if (object.size > VERIFICATION_VIDEO_MAX_BYTES) {
    object.body.destroy();
    await ctx.storage.delete(key);
    throw new AppError('VALIDATION', 413, MEDIA_MESSAGES.videoTooLarge);
  }
  const problem = videoProblem(await readHead(object, VERIFICATION_VIDEO_MAX_BYTES));
  if (problem) {
    await ctx.storage.delete(key);
    throw badRequest('VALIDATION', problem);
  }
  let row: VerificationVideoRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      // Counted again under the member's row lock: parallel submissions cannot pass together.
      await lockSlotOwner(tx, userId);
      await refuseOverDailyLimit(ctx, tx, userId);
      const now = ctx.clock();
      // Without biometric consent no face match checks it: a person must (issue 42).
      const consented = await hasBiometricConsent(tx, userId);
      const status = consented ? initialReviewStatus(ctx) : 'pending';
      const inserted = await insertVideo(tx, {
        user_id: userId,
        file_name: key,
        verification_status: status,
        reviewed_at: status === 'approved' ? now : null,
        created_at: now,
        updated_at: now,
      });
      await enqueueVisionJob(tx, 'face_match', inserted.id);
      const replaced = await supersedeOtherVideos(tx, { userId, keepId: inserted.id, now });
      await dropPendingVisionJobs(tx, 'face_match', replaced.ids);
      await queueStorageDeletions(tx, replaced.keys, 'verification_video_replaced', now);
      return inserted;
    });
  } catch (error) {
    // Refused in the transaction (a parallel submission took the last one): nothing kept it.
    await ctx.storage.delete(key);
    throw error;
  }
  ctx.wakeVisionJobs();
  return presentVideo(row);
}
