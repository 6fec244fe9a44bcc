// A member blocks another (issue 11): the block itself (modules/blocks), then, once it has
// committed, the two leave each other's auction rooms on every server.
import { publishAfterCommit, type Realtime } from '../../lib/realtime';
import { type BlocksContext, blockMember } from '../blocks/blocks.service';
import { blockEvents } from './safety.events';

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
