// Images sent in chat: uploaded by a member of an accepted connection, re-encoded
// (modules/media/image-processing: decoder-checked, upright, WebP, no metadata), stored
// under the conversation's own folder and only ever handed out as signed URLs, to its two
// members.
import { CHAT_MESSAGES } from '@bidboard/shared';
import type { Storage } from '../../adapters/storage/storage.port';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { acceptedConnectionBetween } from '../connections';
import { processChatImage } from '../media/image-processing';
import { findImageKey } from './chat.repository';
import { type ChatContext, membersFor } from './chat.service';

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
  const image = await processChatImage(bytes);
  const key = ctx.storage.newKey(`chat/${cid}`, 'webp');
  await ctx.storage.put(key, image, 'image/webp');
  return { blobUrl: key, url: await ctx.storage.signedUrl(key) };
}

/**
 * The storage key an image message may carry: one uploaded into this conversation's
 * folder (any other key, another conversation's included, is refused) that exists.
 */
export async function imageKeyForMessage(
  storage: Storage,
  cid: string,
  blobUrl: string,
): Promise<string> {
  const name = blobUrl.slice(blobUrl.lastIndexOf('/') + 1);
  const folder = `chat/${cid}/`;
  const inFolder = blobUrl === folder + name || blobUrl.endsWith(`/${folder}${name}`);
  if (!IMAGE_NAME.test(name) || !inFolder) {
    throw new AppError('VALIDATION', 400, CHAT_MESSAGES.imageRequired);
  }
  const object = await storage.get(blobUrl);
  if (!object) throw new AppError('VALIDATION', 400, CHAT_MESSAGES.imageRequired);
  object.body.destroy();
  return blobUrl;
}

/** A fresh signed URL of an image sent in `cid`, for its members only. */
export async function chatImageUrl(ctx: ChatContext, me: number, cid: string, name: string) {
  membersFor(cid, me);
  if (!IMAGE_NAME.test(name)) throw forbidden();
  const key = await findImageKey(ctx.db, cid, name);
  if (!key) throw notFound();
  return ctx.storage.signedUrl(key);
}
