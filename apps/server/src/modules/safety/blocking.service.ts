// A member blocks another (issue 11): the block itself (modules/blocks), then, once it has
// committed, the two leave each other's auction rooms on every server. Either way, no server
// answers the pair's room joins from a card kept from before.
import { publishAfterCommit, type Realtime } from '../../lib/realtime';
import { type BlocksContext, blockMember, unblockMember } from '../blocks/blocks.service';
import { blockEvents, unblockEvents } from './safety.events';

export async function blockAndSeparate(
  ctx: BlocksContext & { realtime?: Realtime },
  blockerId: number,
  userId: number,
) {
  return publishAfterCommit(ctx.realtime, async (events) => {
    const result = await blockMember(ctx, blockerId, userId);
    events.add(...(await blockEvents(ctx.db, blockerId, result.blocked.id)));
    return result;
  });
}

export async function unblockAndShow(
  ctx: BlocksContext & { realtime?: Realtime },
  blockerId: number,
  userId: number,
) {
  return publishAfterCommit(ctx.realtime, async (events) => {
    const result = await unblockMember(ctx, blockerId, userId);
    events.add(...(await unblockEvents(ctx.db, blockerId, userId)));
    return result;
  });
}
