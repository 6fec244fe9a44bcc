// SQL of the per-member upload limits: one attempt counted under the member's lock.
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';
import type { MediaUploadKind } from '../../db/media.schema';

/**
 * Counts an upload of `kind` by the member unless `limit` were counted since `since`;
 * false when refused. Uploads at the same moment queue on the member's lock, so a burst
 * cannot all pass the count before any of them is written.
 */
export async function countUploadAttempt(
  db: Db,
  attempt: { userId: number; kind: MediaUploadKind; now: Date; since: Date; limit: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`media-upload:${attempt.userId}:${attempt.kind}`}, 0))`,
    );
    const counted = await rows(
      tx,
      sql`INSERT INTO media_upload_attempts (user_id, kind, created_at)
          SELECT ${attempt.userId}, ${attempt.kind}, ${attempt.now.toISOString()}::timestamptz
           WHERE (SELECT count(*) FROM media_upload_attempts
                   WHERE user_id = ${attempt.userId} AND kind = ${attempt.kind}
                     AND created_at > ${attempt.since.toISOString()}::timestamptz) < ${attempt.limit}
          RETURNING 1`,
    );
    return counted.length > 0;
  });
}
