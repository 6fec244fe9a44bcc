// Images sent in chat: uploaded by a member of an accepted connection, re-encoded
// (modules/media/image-processing: decoder-checked, upright, WebP, no metadata), stored
// under the conversation's own folder and only ever handed out as signed URLs, to its two
// members. Each upload is screened for nudity by a durable job queued with its row (issue
// 23): the recipient sees nothing until then, and a blurred copy when it is flagged.
import { CHAT_MESSAGES } from '@bidboard/shared';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { acceptedConnectionBetween } from '../connections';
import { processChatImage } from '../media/image-processing';
import { admitUpload } from '../media/upload-rate';
import { enqueueVisionJob } from '../vision/vision-jobs.repository';
import { findImage } from './chat.repository';
import { type ChatContext, membersFor } from './chat.service';
import { insertChatImage, uploadedImageKey } from './chat-images.repository';

const IMAGE_NAME = /^[0-9a-f-]{36}\.webp$/;

export async function uploadChatImage(
  ctx: ChatContext,
  me: number,
  cid: string,
  bytes: Uint8Array,
): Promise<{ blobUrl: string; url: string }> {
  const { partnerId } = membersFor(cid, me);
  if (!(await acceptedConnectionBetween(ctx.db, me, partnerId))) {
    throw new AppError('FORBIDDEN', 403, CHAT_MESSAGES.notAccepted);
  }
  await admitUpload(ctx, me, 'chat_image');
  const image = await processChatImage(bytes);
  const key = ctx.storage.newKey(`chat/${cid}`, 'webp');
  await ctx.storage.put(key, image, 'image/webp');
  try {
    await ctx.db.transaction(async (tx) => {
      const imageId = await insertChatImage(tx, {
        cid,
        uploaderId: me,
        storageKey: key,
        now: ctx.clock(),
      });
      await enqueueVisionJob(tx, 'chat_image_screen', imageId);
    });
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
  ctx.wakeVisionJobs();
  return { blobUrl: key, url: await ctx.storage.signedUrl(key) };
}

/**
 * The storage key an image message may carry: one the sender uploaded into this
 * conversation (any other key, another conversation's included, is refused).
 */
export async function imageKeyForMessage(
  ctx: ChatContext,
  me: number,
  cid: string,
  blobUrl: string,
): Promise<string> {
  const name = blobUrl.slice(blobUrl.lastIndexOf('/') + 1);
  const folder = `chat/${cid}/`;
  const inFolder = blobUrl === folder + name || blobUrl.endsWith(`/${folder}${name}`);
  if (!IMAGE_NAME.test(name) || !inFolder) {
    throw new AppError('VALIDATION', 400, CHAT_MESSAGES.imageRequired);
  }
  const uploaded = await uploadedImageKey(ctx.db, { storageKey: blobUrl, cid, uploaderId: me });
  if (!uploaded) throw new AppError('VALIDATION', 400, CHAT_MESSAGES.imageRequired);
  return uploaded;
}

/**
 * A fresh signed URL of an image sent in `cid`, for its members only; the recipient gets
 * the original once it is screened (a flagged one after they tapped 'Tap to view').
 */
export async function chatImageUrl(ctx: ChatContext, me: number, cid: string, name: string) {
  membersFor(cid, me);
  if (!IMAGE_NAME.test(name)) throw forbidden();
  const image = await findImage(ctx.db, cid, name);
  if (!image) throw notFound();
  if (
    image.sender_id !== me &&
    image.image_status !== 'clear' &&
    image.image_status !== 'flagged'
  ) {
    throw new AppError('CONFLICT', 409, CHAT_MESSAGES.imageScreening);
  }
  return ctx.storage.signedUrl(image.blob_key);
}
