// SQL of verification videos: a member's submitted recordings and what the face match
// found in them.
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { type VerificationVideoRow, verificationVideos } from '../../db/media.schema';
import { limitsSensitive } from '../privacy/sensitive-limit.repository';

/** The member's latest video by submission time, or null when they have none. */
export async function latestVideoId(db: Executor, userId: number): Promise<number | null> {
  const [latest] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM verification_videos WHERE user_id = ${userId}
         ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return latest ? Number(latest.id) : null;
}

/** The member's latest video by id, or null when they have none. */
export async function latestVideo(
  db: Executor,
  userId: number,
): Promise<VerificationVideoRow | null> {
  const [row] = await db
    .select()
    .from(verificationVideos)
    .where(eq(verificationVideos.user_id, userId))
    .orderBy(desc(verificationVideos.id))
    .limit(1);
  return row ?? null;
}

export async function findMemberVideo(
  db: Executor,
  userId: number,
  key: string,
): Promise<VerificationVideoRow | null> {
  const [existing] = await db
    .select()
    .from(verificationVideos)
    .where(
      and(
        eq(verificationVideos.user_id, userId),
        eq(verificationVideos.file_name, key),
        isNull(verificationVideos.superseded_at),
      ),
    );
  return existing ?? null;
}

/** How many videos the member submitted after `since`, replaced ones included. */
export async function countSubmissionsSince(
  db: Executor,
  userId: number,
  since: Date,
): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(verificationVideos)
    .where(and(eq(verificationVideos.user_id, userId), gt(verificationVideos.created_at, since)));
  return Number(count?.n ?? 0);
}

/**
 * Marks the member's other live videos replaced and forgets their face descriptions and
 * frames; returns the storage keys that are now unwanted (files and frames) and their ids.
 */
export async function supersedeOtherVideos(
  tx: Executor,
  input: { userId: number; keepId: number; now: Date },
): Promise<{ ids: number[]; keys: string[] }> {
  const older = await tx
    .select({
      id: verificationVideos.id,
      file_name: verificationVideos.file_name,
      evidence_keys: verificationVideos.evidence_keys,
    })
    .from(verificationVideos)
    .where(
      and(
        eq(verificationVideos.user_id, input.userId),
        ne(verificationVideos.id, input.keepId),
        isNull(verificationVideos.superseded_at),
      ),
    )
    .for('update');
  const ids = older.map((video) => video.id);
  if (ids.length) {
    await tx
      .update(verificationVideos)
      .set({
        superseded_at: input.now,
        face_embedding: null,
        evidence_keys: [],
        updated_at: input.now,
      })
      .where(inArray(verificationVideos.id, ids));
  }
  return { ids, keys: older.flatMap((video) => [video.file_name, ...video.evidence_keys]) };
}

export async function insertVideo(
  tx: Executor,
  video: Pick<
    VerificationVideoRow,
    'user_id' | 'file_name' | 'verification_status' | 'reviewed_at' | 'created_at' | 'updated_at'
  >,
): Promise<VerificationVideoRow> {
  const [inserted] = await tx.insert(verificationVideos).values(video).returning();
  return inserted!;
}

export async function findVideo(db: Executor, id: number): Promise<VerificationVideoRow | null> {
  const [video] = await db.select().from(verificationVideos).where(eq(verificationVideos.id, id));
  return video ?? null;
}

/** The video, locked (FOR UPDATE) for the rest of the transaction; null when it is gone. */
export async function lockVideo(tx: Executor, id: number): Promise<VerificationVideoRow | null> {
  const [current] = await tx
    .select()
    .from(verificationVideos)
    .where(eq(verificationVideos.id, id))
    .for('update');
  return current ?? null;
}

type FaceMatchColumns = Pick<
  VerificationVideoRow,
  | 'face_match'
  | 'face_match_score'
  | 'face_turn_degrees'
  | 'face_match_photo_id'
  | 'face_embedding'
  | 'duplicate_user_id'
  | 'duplicate_score'
  | 'evidence_keys'
  | 'face_checked_at'
  | 'updated_at'
> &
  Partial<Pick<VerificationVideoRow, 'verification_status'>>;

export async function recordFaceMatch(
  tx: Executor,
  id: number,
  columns: FaceMatchColumns,
): Promise<void> {
  await tx.update(verificationVideos).set(columns).where(eq(verificationVideos.id, id));
}

/**
 * Up to `limit` videos of other members that have a face description, with ids above
 * `afterId`, in id order: one page of the duplicate search.
 */
export async function otherMembersFacesPage(
  db: Executor,
  input: { userId: number; afterId: number; limit: number },
) {
  return db
    .select({
      id: verificationVideos.id,
      user_id: verificationVideos.user_id,
      face_embedding: verificationVideos.face_embedding,
    })
    .from(verificationVideos)
    .where(
      and(
        isNotNull(verificationVideos.face_embedding),
        ne(verificationVideos.user_id, input.userId),
        gt(verificationVideos.id, input.afterId),
        // Issue 42: a member who limits their sensitive information is nobody's duplicate.
        sql`NOT ${limitsSensitive(sql`${verificationVideos.user_id}`)}`,
      ),
    )
    .orderBy(verificationVideos.id)
    .limit(input.limit);
}

/**
 * Up to `limit` videos whose review was decided before `cutoff` and whose file is still
 * kept, locked (SKIP LOCKED, so servers sweep side by side), marked deleted; how many, and
 * their storage keys (the files and their frames) for the durable deletion, come back.
 */
export async function markReviewedVideoFilesDeleted(
  tx: Executor,
  input: { cutoff: Date; now: Date; limit: number },
): Promise<{ videos: number; keys: string[] }> {
  const due = await tx
    .select({
      id: verificationVideos.id,
      file_name: verificationVideos.file_name,
      evidence_keys: verificationVideos.evidence_keys,
    })
    .from(verificationVideos)
    .where(
      and(
        isNull(verificationVideos.file_deleted_at),
        isNull(verificationVideos.superseded_at),
        inArray(verificationVideos.verification_status, ['approved', 'rejected']),
        lt(verificationVideos.reviewed_at, input.cutoff),
      ),
    )
    .orderBy(verificationVideos.id)
    .limit(input.limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return { videos: 0, keys: [] };
  await tx
    .update(verificationVideos)
    .set({ file_deleted_at: input.now, evidence_keys: [], updated_at: input.now })
    .where(
      inArray(
        verificationVideos.id,
        due.map((video) => video.id),
      ),
    );
  return {
    videos: due.length,
    keys: due.flatMap((video) => [video.file_name, ...video.evidence_keys]),
  };
}

/**
 * SQL: the member is verified (product rules, Distance and verification): their live video
 * was approved and its face match passed against the photo now in slot 1. A new photo in
 * slot 1 is not the one matched, so the badge goes until the match runs on it and passes.
 */
export function isVerifiedMember(userId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM verification_videos vv
      JOIN profile_images vp ON vp.id = vv.face_match_photo_id
     WHERE vv.user_id = ${userId} AND vv.superseded_at IS NULL
       AND vv.verification_status = 'approved' AND vv.face_match = 'match'
       AND vp.user_id = ${userId} AND vp.is_active AND vp.display_order = 1)`;
}

/** Whether the member is verified now. */
export async function memberIsVerified(db: Executor, userId: number): Promise<boolean> {
  const [row] = await rows<{ verified: boolean }>(
    db,
    sql`SELECT ${isVerifiedMember(sql`${userId}::int`)} AS verified`,
  );
  return row?.verified === true;
}
