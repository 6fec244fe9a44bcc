// SQL of biometric consent: the members' decisions (a history, the latest counts) and the
// face descriptions a withdrawal deletes.
import type { BiometricDecision } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

export interface ConsentRow {
  decision: BiometricDecision;
  version: string;
  decided_at: Date;
}

/** The member's latest decision, or null when they were never asked. */
export async function latestDecision(db: Executor, userId: number): Promise<ConsentRow | null> {
  const [row] = await rows<{ decision: BiometricDecision; version: string; decided_at: string }>(
    db,
    sql`SELECT decision, version, decided_at FROM biometric_consents
         WHERE user_id = ${userId} ORDER BY id DESC LIMIT 1`,
  );
  return row ? { ...row, decided_at: new Date(row.decided_at) } : null;
}

export async function insertDecision(
  tx: Executor,
  entry: { userId: number; decision: BiometricDecision; version: string; at: Date },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO biometric_consents (user_id, decision, version, decided_at)
        VALUES (${entry.userId}, ${entry.decision}, ${entry.version},
                ${entry.at.toISOString()}::timestamptz)`,
  );
}

/**
 * The member's row, locked (FOR UPDATE): a decision and the face match's write of a face
 * description take it first, so a withdrawal and a running match never interleave.
 */
export async function lockConsentOwner(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
}

/** How many face descriptions the member has now, on videos and photos. */
export async function countFaceEmbeddings(db: Executor, userId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM verification_videos
                 WHERE user_id = ${userId} AND face_embedding IS NOT NULL)
             + (SELECT count(*) FROM profile_images
                 WHERE user_id = ${userId} AND face_embedding IS NOT NULL) AS n`,
  );
  return Number(row?.n ?? 0);
}

/** Deletes every face description of the member: their videos' and their photos'. */
export async function deleteFaceEmbeddings(tx: Executor, userId: number): Promise<number> {
  const videos = await rows<{ id: number }>(
    tx,
    sql`UPDATE verification_videos SET face_embedding = NULL
         WHERE user_id = ${userId} AND face_embedding IS NOT NULL RETURNING id`,
  );
  const photos = await rows<{ id: number }>(
    tx,
    sql`UPDATE profile_images SET face_embedding = NULL
         WHERE user_id = ${userId} AND face_embedding IS NOT NULL RETURNING id`,
  );
  return videos.length + photos.length;
}

/** The member's live video that was kept from the face match for want of consent, if any. */
export async function videoAwaitingConsent(tx: Executor, userId: number): Promise<number | null> {
  const [video] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM verification_videos
         WHERE user_id = ${userId} AND superseded_at IS NULL AND face_match = 'no_consent'
         ORDER BY id DESC LIMIT 1`,
  );
  return video ? Number(video.id) : null;
}

/** The member's active photos no face model has looked at for want of consent. */
export async function photosAwaitingConsent(tx: Executor, userId: number): Promise<number[]> {
  const photos = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM profile_images
         WHERE user_id = ${userId} AND is_active AND face_status = 'no_consent'`,
  );
  return photos.map((photo) => Number(photo.id));
}

/**
 * Deletes the face descriptions of members whose last sign-in (their joining, before any)
 * is before `cutoff`; how many were deleted comes back.
 */
export async function deleteFaceEmbeddingsSignedInBefore(
  tx: Executor,
  cutoff: Date,
): Promise<number> {
  const at = cutoff.toISOString();
  const videos = await rows<{ id: number }>(
    tx,
    sql`UPDATE verification_videos v SET face_embedding = NULL
          FROM users u
         WHERE u.id = v.user_id AND v.face_embedding IS NOT NULL
           AND COALESCE(u.last_sign_in_at, u.created_at) < ${at}::timestamptz
     RETURNING v.id`,
  );
  const photos = await rows<{ id: number }>(
    tx,
    sql`UPDATE profile_images p SET face_embedding = NULL
          FROM users u
         WHERE u.id = p.user_id AND p.face_embedding IS NOT NULL
           AND COALESCE(u.last_sign_in_at, u.created_at) < ${at}::timestamptz
     RETURNING p.id`,
  );
  return videos.length + photos.length;
}
