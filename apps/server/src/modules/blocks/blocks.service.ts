// Blocking (issue 11): a member blocks another from an auction card, a connection card or
// a chat, and undoes it from Profile Settings. The block itself is the whole effect: every
// list and action between the two checks it (blocks.repository's visibleTo, bid_refusal).
import { type BlockedMember, SAFETY_MESSAGES } from '@bidboard/shared';
import type { Storage } from '../../adapters/storage/storage.port';
import type { Db, Executor } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { profilePicturesFor } from '../media/profile-pictures';
import { findUserById } from '../users/users.repository';
import { type BlockRow, blocksBy, deleteBlock, insertBlock } from './blocks.repository';

export interface BlocksContext {
  db: Db;
  storage: Storage;
}

/** A member another member may block or report: someone else, who still has an account. */
export async function otherMember(
  db: Executor,
  viewerId: number,
  userId: number,
  selfMessage: string,
) {
  if (userId === viewerId) throw badRequest('VALIDATION', selfMessage);
  const member = await findUserById(db, userId);
  if (!member || member.deleted_at) throw notFound(SAFETY_MESSAGES.memberNotFound);
  return member;
}

async function present(ctx: BlocksContext, found: BlockRow[]): Promise<BlockedMember[]> {
  const pictures = await profilePicturesFor(
    ctx.db,
    ctx.storage,
    found.map((r) => r.id),
    'thumbnail',
  );
  return found.map((r) => ({
    id: r.id,
    username: r.username,
    profile_picture: pictures.get(r.id)?.profile_picture_1 ?? null,
    blocked_at: new Date(r.blocked_at).toISOString(),
  }));
}

export async function blockMember(ctx: BlocksContext, blockerId: number, userId: number) {
  const member = await otherMember(ctx.db, blockerId, userId, SAFETY_MESSAGES.cannotBlockSelf);
  await insertBlock(ctx.db, blockerId, member.id);
  const blocked = (await blocksBy(ctx.db, blockerId)).find((b) => b.id === member.id)!;
  return {
    message: SAFETY_MESSAGES.blocked(member.username ?? 'this member'),
    blocked: (await present(ctx, [blocked]))[0]!,
  };
}

export async function unblockMember(ctx: BlocksContext, blockerId: number, userId: number) {
  const member = await findUserById(ctx.db, userId);
  if (!(await deleteBlock(ctx.db, blockerId, userId))) {
    throw new AppError('NOT_FOUND', 404, SAFETY_MESSAGES.blockNotFound);
  }
  return { message: SAFETY_MESSAGES.unblocked(member?.username ?? 'this member') };
}

export async function listBlocks(ctx: BlocksContext, blockerId: number) {
  return present(ctx, await blocksBy(ctx.db, blockerId));
}
