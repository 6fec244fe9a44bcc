// SQL of chat_images: the images members uploaded into a conversation and what their
// screening found.
import { and, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { chatImages } from '../../db/media.schema';

type ChatImageRow = typeof chatImages.$inferSelect;

/** The new image's id. */
export async function insertChatImage(
  tx: Tx,
  image: { cid: string; uploaderId: number; storageKey: string },
): Promise<number> {
  const [row] = await tx
    .insert(chatImages)
    .values({ cid: image.cid, uploader_id: image.uploaderId, storage_key: image.storageKey })
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
