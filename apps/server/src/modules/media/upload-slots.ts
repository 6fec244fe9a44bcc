// Upload slots (issue 14, defect 5): each presigned verification-video upload is a row with
// an expiry, written before the URL is handed out. Submitting the upload claims (deletes)
// its row; a row still there after its expiry is an abandoned upload, and the sweeper
// (jobs/upload-slot-sweep) deletes the file it may have received, then the row. A member
// may hold VIDEO_UPLOAD_SLOTS_MAX open slots at once, counted under a lock on the member's
// row, so parallel requests cannot open more.
import { MEDIA_MESSAGES, VIDEO_UPLOAD_SLOTS_MAX } from '@bidboard/shared';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage.port';
import { UPLOAD_URL_TTL_SECONDS } from '../../adapters/storage/storage.port';
import type { Db, Executor } from '../../db/client';
import { uploadSlots } from '../../db/media.schema';
import { tooManyRequests } from '../../lib/errors';

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
    await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
    const [open] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(uploadSlots)
      .where(and(eq(uploadSlots.user_id, userId), gt(uploadSlots.expires_at, now)));
    if ((open?.count ?? 0) >= VIDEO_UPLOAD_SLOTS_MAX) {
      throw tooManyRequests(MEDIA_MESSAGES.tooManyOpenUploads);
    }
    await tx
      .insert(uploadSlots)
      .values({ user_id: userId, storage_key: key, expires_at: slotExpiry(now) });
  });
}

/** Claims the member's unexpired slot for `key`; false when there is none (expired, swept). */
export async function claimUploadSlot(db: Executor, userId: number, key: string, now: Date) {
  const claimed = await db
    .delete(uploadSlots)
    .where(
      and(
        eq(uploadSlots.user_id, userId),
        eq(uploadSlots.storage_key, key),
        gt(uploadSlots.expires_at, now),
      ),
    )
    .returning({ id: uploadSlots.id });
  return claimed.length > 0;
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
      // SKIP LOCKED: several servers may sweep at once, each taking different rows.
      const expired = await tx
        .select({ id: uploadSlots.id, key: uploadSlots.storage_key })
        .from(uploadSlots)
        .where(lte(uploadSlots.expires_at, deps.clock()))
        .orderBy(uploadSlots.expires_at)
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      for (const slot of expired) await deps.storage.delete(slot.key);
      if (expired.length) {
        await tx.delete(uploadSlots).where(
          inArray(
            uploadSlots.id,
            expired.map((slot) => slot.id),
          ),
        );
      }
      return expired.length;
    });
    swept += batch;
    if (batch < SWEEP_BATCH) return swept;
  }
}
