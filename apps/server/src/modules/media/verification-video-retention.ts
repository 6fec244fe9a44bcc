// Verification video retention (product rules, Lawful to launch): a video's file and its
// frames are deleted VERIFICATION_VIDEO_RETENTION_DAYS after its review was decided
// (approved or rejected); the row stays with the decision, so the member stays verified.
// Replaced videos went when they were replaced; pending ones wait for their review.
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { queueStorageDeletions } from './storage-deletions';
import { markReviewedVideoFilesDeleted } from './verification-videos.repository';

const DAY_MS = 24 * 3600 * 1000;
const BATCH = 200;

/** Deletes the files of videos decided long enough ago; how many videos comes back. */
export async function deleteReviewedVideoFiles(
  deps: {
    db: Db;
    config: Pick<Config, 'VERIFICATION_VIDEO_RETENTION_DAYS'>;
    clock: () => Date;
  },
  isStopped: () => boolean = () => false,
): Promise<number> {
  const now = deps.clock();
  const cutoff = new Date(now.getTime() - deps.config.VERIFICATION_VIDEO_RETENTION_DAYS * DAY_MS);
  let deleted = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const due = await markReviewedVideoFilesDeleted(tx, { cutoff, now, limit: BATCH });
      await queueStorageDeletions(tx, due.keys, 'verification_video_retention', now);
      return due.videos;
    });
    deleted += batch;
    if (batch < BATCH || isStopped()) return deleted;
  }
}
