// SQL of chat_images: the images members uploaded into a conversation, what their
// screening found, and the unsent or deleted member's images that go.
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import { chatImages } from '../../db/media.schema';

type ChatImageRow = typeof chatImages.$inferSelect;

/** The new image's id. */
export async function insertChatImage(
  tx: Tx,
  image: { cid: string; uploaderId: number; storageKey: string; now: Date },
): Promise<number> {
  const [row] = await tx
    .insert(chatImages)
    .values({
      cid: image.cid,
      uploader_id: image.uploaderId,
      storage_key: image.storageKey,
      created_at: image.now,
    })
    .returning({ id: chatImages.id });
  return row!.id;
}

/** The key when `uploaderId` uploaded an image under it into `cid`, else null. */
export async function uploadedImageKey(
  db: Executor,
  upload: { storageKey: string; cid: string; uploaderId: number },
): Promise<string | null> {
  const [uploaded] = await db
    .select({ key: chatImages.storage_key })
    .from(chatImages)
    .where(
      and(
        eq(chatImages.storage_key, upload.storageKey),
        eq(chatImages.cid, upload.cid),
        eq(chatImages.uploader_id, upload.uploaderId),
      ),
    );
  return uploaded?.key ?? null;
}

export async function chatImageById(db: Executor, id: number): Promise<ChatImageRow | null> {
  const [image] = await db.select().from(chatImages).where(eq(chatImages.id, id));
  return image ?? null;
}

export async function recordImageScreening(
  tx: Tx,
  id: number,
  screening: {
    status: 'flagged' | 'clear';
    nudityScore: number;
    blurredKey: string | null;
    screenedAt: Date;
  },
): Promise<void> {
  await tx
    .update(chatImages)
    .set({
      screen_status: screening.status,
      nudity_score: screening.nudityScore,
      blurred_key: screening.blurredKey,
      screened_at: screening.screenedAt,
    })
    .where(eq(chatImages.id, id));
}

/** The stored objects of an image: the original and, when flagged, its blurred copy. */
export interface RemovedChatImage {
  id: number;
  storage_key: string;
  blurred_key: string | null;
}

const unsent = sql`NOT EXISTS (SELECT 1 FROM messages m
                                WHERE m.cid = c.cid AND m.blob_key = c.storage_key)`;

/**
 * Deletes up to `limit` images uploaded before `before` that no message of their
 * conversation carries (never sent). Rows another sweep or a send holds are skipped; the
 * ones taken are locked first and asked again in a second statement, which sees every send
 * that committed before the lock (the first statement's snapshot may predate one), so an
 * image sent at that moment stays.
 */
export async function deleteUnsentChatImages(
  tx: Tx,
  before: Date,
  limit: number,
): Promise<RemovedChatImage[]> {
  const locked = await rows<{ id: number }>(
    tx,
    sql`SELECT c.id FROM chat_images c
         WHERE c.created_at < ${before.toISOString()}::timestamptz AND ${unsent}
         ORDER BY c.id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  );
  if (locked.length === 0) return [];
  return rows<RemovedChatImage>(
    tx,
    sql`DELETE FROM chat_images c
         WHERE c.id = ANY(${`{${locked.map((r) => r.id).join(',')}}`}::bigint[]) AND ${unsent}
        RETURNING c.id::int, c.storage_key, c.blurred_key`,
  );
}

/** Deletes every image the member uploaded, sent or not (account deletion). */
export function deleteUploadedChatImages(tx: Tx, userId: number): Promise<RemovedChatImage[]> {
  return rows<RemovedChatImage>(
    tx,
    sql`DELETE FROM chat_images WHERE uploader_id = ${userId}
        RETURNING id::int, storage_key, blurred_key`,
  );
}
