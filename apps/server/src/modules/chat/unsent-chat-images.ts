// Chat images that go (issue 41): an image uploaded into a conversation but never sent in
// a message was kept forever, and account deletion left the uploader's image rows (and a
// flagged image's blurred copy) behind. An image still unsent after a day is swept: its
// row deleted, its screening dropped if not started, and its objects (the original and a
// blurred copy) queued for the durable storage deletion in the same transaction; account
// deletion does the same for every image the member uploaded.
import type { Db, Tx } from '../../db/client';
import { queueStorageDeletions } from '../media/storage-deletions';
import { dropPendingVisionJobs } from '../vision/vision-jobs.repository';
import { deleteUnsentChatImages, type RemovedChatImage } from './chat-images.repository';

/** A client sends its image the moment it is uploaded; a day later none is coming. */
export const UNSENT_CHAT_IMAGE_HOURS = 24;
const BATCH = 200;

/** Drops the images' waiting screenings and queues their objects for deletion. */
export async function removeChatImageObjects(
  tx: Tx,
  removed: readonly RemovedChatImage[],
  reason: string,
  now: Date,
): Promise<void> {
  await dropPendingVisionJobs(
    tx,
    'chat_image_screen',
    removed.map((image) => image.id),
  );
  const keys = removed.flatMap((image) =>
    image.blurred_key ? [image.storage_key, image.blurred_key] : [image.storage_key],
  );
  await queueStorageDeletions(tx, keys, reason, now);
}

/** Sweeps the images unsent for a day, in batches; returns how many went. */
export async function sweepUnsentChatImages(
  deps: { db: Db; clock: () => Date },
  isStopped: () => boolean = () => false,
): Promise<number> {
  let swept = 0;
  for (;;) {
    const now = deps.clock();
    const before = new Date(now.getTime() - UNSENT_CHAT_IMAGE_HOURS * 3600 * 1000);
    const batch = await deps.db.transaction(async (tx) => {
      const removed = await deleteUnsentChatImages(tx, before, BATCH);
      await removeChatImageObjects(tx, removed, 'chat_image_unsent', now);
      return removed.length;
    });
    swept += batch;
    if (batch < BATCH || isStopped()) return swept;
  }
}
