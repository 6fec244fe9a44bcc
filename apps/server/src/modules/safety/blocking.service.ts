// A member blocks another (issue 11) from an auction card, a connection card or a chat, and
// undoes it from Profile Settings. The block ends what stood between the two in its own
// transaction (product rules, Blocks cover everything): their pending and accepted
// connections end, a held escrow back to the bidder as on an unmatch before engagement,
// and second-chance offers are withdrawn; every list and action between them checks it.
// Once it has committed, both members' screens hear the connections end, the two leave
// each other's auction rooms on every server, and no server answers the pair's room
// joins from a card kept from before.
import { type BlockedMember, SAFETY_MESSAGES } from '@bidboard/shared';
import type { Storage } from '../../adapters/storage/storage.port';
import type { Db, Executor, Tx } from '../../db/client';
import type { Clock } from '../../lib/context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { publishAfterCommit, type Realtime } from '../../lib/realtime';
import { type BlockRow, blockBetween, blocksBy, deleteBlock } from '../blocks/blocks.repository';
import type { ConnectionEffects } from '../connections';
import { mergeEffects, noEffects } from '../connections/connection-effects';
import { endDatesBetween } from '../dates';
import { profilePicturesFor } from '../media/profile-pictures';
import { findUserById } from '../users/users.repository';
import { endConnection, type VoidedLead, voidLead } from './member-withdrawal.service';
import { blockEvents, unblockEvents } from './safety.events';
import { lockLiveAuctionsOwnedBy, lockOpenConnectionsOf } from './withdrawal.repository';

export interface BlocksContext {
  db: Db;
  storage: Storage;
  clock: Clock;
  realtime?: Realtime;
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

/** What a block ended: the pair's connections and the leads either held on the other's auction. */
export interface BlockEffects {
  connections: ConnectionEffects;
  voidedLeads: VoidedLead[];
}

/**
 * Blocks inside the caller's transaction and ends the two members' open connections, a lead
 * either holds on the other's live auction (the escrow back, the hidden maximum cleared, so
 * the close connects neither with the other), their standing date plans and the links either
 * shared of them.
 * Lock order as every escrow change's: the two members' live auctions by id, the
 * connections by id, then (blockBetween) the offers and the two members.
 */
export async function blockInTransaction(
  tx: Tx,
  blockerId: number,
  blockedId: number,
  now: Date,
): Promise<BlockEffects> {
  const auctions = await lockLiveAuctionsOwnedBy(tx, blockerId, blockedId);
  const connections = await lockOpenConnectionsOf(tx, blockerId, blockedId);
  await blockBetween(tx, blockerId, blockedId);
  const voidedLeads: VoidedLead[] = [];
  for (const auction of auctions) {
    const other = auction.user_id === blockerId ? blockedId : blockerId;
    if (auction.lead_bidder_id === other) voidedLeads.push(await voidLead(tx, auction, 'refund'));
  }
  await endDatesBetween(tx, blockerId, blockedId, now);
  const effects = noEffects();
  for (const connection of connections) {
    mergeEffects(effects, await endConnection(tx, connection.id, now, 'refund'));
  }
  return { connections: effects, voidedLeads };
}

export async function blockAndSeparate(ctx: BlocksContext, blockerId: number, userId: number) {
  const member = await otherMember(ctx.db, blockerId, userId, SAFETY_MESSAGES.cannotBlockSelf);
  return publishAfterCommit(ctx.realtime, async (events) => {
    const ended = await ctx.db.transaction((tx) =>
      blockInTransaction(tx, blockerId, member.id, ctx.clock()),
    );
    const blocked = (await blocksBy(ctx.db, blockerId)).find((b) => b.id === member.id)!;
    events.add(...(await blockEvents(ctx.db, blockerId, member.id, ended)));
    return {
      message: SAFETY_MESSAGES.blocked(member.username ?? 'this member'),
      blocked: (await present(ctx, [blocked]))[0]!,
    };
  });
}

export async function unblockAndShow(ctx: BlocksContext, blockerId: number, userId: number) {
  return publishAfterCommit(ctx.realtime, async (events) => {
    const member = await findUserById(ctx.db, userId);
    if (!(await deleteBlock(ctx.db, blockerId, userId))) {
      throw new AppError('NOT_FOUND', 404, SAFETY_MESSAGES.blockNotFound);
    }
    events.add(...(await unblockEvents(ctx.db, blockerId, userId)));
    return { message: SAFETY_MESSAGES.unblocked(member?.username ?? 'this member') };
  });
}

export async function listBlocks(ctx: BlocksContext, blockerId: number) {
  return present(ctx, await blocksBy(ctx.db, blockerId));
}
