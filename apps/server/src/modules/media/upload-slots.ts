// Upload slots (issue 14, defect 5): each presigned verification-video upload is a row with
// an expiry, written before the URL is handed out. Submitting the upload claims (deletes)
// its row; a row still there after its expiry is an abandoned upload, and the sweeper
// (jobs/upload-slot-sweep) deletes the file it may have received, then the row. A member
// may hold VIDEO_UPLOAD_SLOTS_MAX open slots at once, counted under a lock on the member's
// row, so parallel requests cannot open more.
import { MEDIA_MESSAGES, VIDEO_UPLOAD_SLOTS_MAX } from '@bidboard/shared';
import type { Storage } from '../../adapters/storage/storage.port';
import { UPLOAD_URL_TTL_SECONDS } from '../../adapters/storage/storage.port';
import type { Db } from '../../db/client';
import { tooManyRequests } from '../../lib/errors';
import {
  countOpenSlots,
  deleteSlots,
  insertSlot,
  lockExpiredSlots,
  lockSlotOwner,
} from './upload-slots.repository';

/** Time after the upload URL lapses for the submission to arrive (a slow phone network). */
export const UPLOAD_SLOT_GRACE_SECONDS = 15 * 60;
/** Abandoned uploads removed per sweep transaction. */
const SWEEP_BATCH = 200;

export function slotExpiry(now: Date): Date {
  return new Date(now.getTime() + (UPLOAD_URL_TTL_SECONDS + UPLOAD_SLOT_GRACE_SECONDS) * 1000);
}

/** Records the slot for `key`, or refuses when the member already has too many open. */
export async function openUploadSlot(db: Db, userId: number, key: string, now: Date) {
  await db.transaction(async (tx) => {
    await lockSlotOwner(tx, userId);
    if ((await countOpenSlots(tx, userId, now)) >= VIDEO_UPLOAD_SLOTS_MAX) {
      throw tooManyRequests(MEDIA_MESSAGES.tooManyOpenUploads);
    }
    await insertSlot(tx, { userId, key, expiresAt: slotExpiry(now) });
  });
}

/** Deletes the files of expired, unclaimed slots and then the slots; returns how many. */
export async function sweepAbandonedUploads(deps: {
  db: Db;
  storage: Storage;
  clock: () => Date;
}): Promise<number> {
  let swept = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const expired = await lockExpiredSlots(tx, deps.clock(), SWEEP_BATCH);
      for (const slot of expired) await deps.storage.delete(slot.key);
      if (expired.length) {
        await deleteSlots(
          tx,
          expired.map((slot) => slot.id),
        );
      }
      return expired.length;
    });
    swept += batch;
    if (batch < SWEEP_BATCH) return swept;
  }
}
