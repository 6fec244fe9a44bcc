// Realtime effects of a suspension, deletion or block, published after its transaction
// commits (lib/realtime.ts): the removed auction's room and refunded leader, the voided
// leads (a block's too), both sides of every ended connection, and last the member's own sessions: every
// server drops them from its cache and cuts the member's sockets.
import { auctionRoom, userRoom } from '@bidboard/shared';
import type { Executor } from '../../db/client';
import { cardsChanged, emitTo, type RealtimeEvent, watcherRoom } from '../../lib/realtime';
import { auctionRemovedEvents } from '../auctions/auctions.events';
import { liveAuctionsOf } from '../auctions/auctions.repository';
import { connectionEffectEvents } from '../connections';
import type { BlockEffects } from './blocking.service';
import type { VoidedLead, Withdrawal } from './member-withdrawal.service';

export function withdrawalEvents(userId: number, withdrawal: Withdrawal): RealtimeEvent[] {
  return [
    ...withdrawal.removedAuctions.flatMap(auctionRemovedEvents),
    // A voided lead puts the auction back to its starting bid without a bid update.
    cardsChanged(withdrawal.voidedLeads.map((voided) => voided.auctionId)),
    ...leadRefundEvents(withdrawal.voidedLeads),
    ...connectionEffectEvents(withdrawal.connections),
    { kind: 'sessionsEnded', userId },
  ];
}

/** The refunded leader's balance, on every screen of theirs. */
function leadRefundEvents(voidedLeads: readonly VoidedLead[]): RealtimeEvent[] {
  return voidedLeads.map((voided) =>
    emitTo(userRoom(voided.refund.user_id), 'leadBidderUpdate', {
      userId: voided.refund.user_id,
      tokenBalance: voided.refund.balance_after,
    }),
  );
}

/**
 * After a block, both members hear the connections it ended (their screens and balances
 * follow), neither member's sockets (on any server) stay in the other's auction rooms:
 * they stop receiving each other's bid updates at once, as the board hides them; and no
 * server answers a join of those rooms from a card kept from before the block.
 */
export async function blockEvents(
  db: Executor,
  blockerId: number,
  blockedId: number,
  ended: BlockEffects,
): Promise<RealtimeEvent[]> {
  const auctions = await liveAuctionsOf(db, [blockerId, blockedId]);
  const owned = auctions.filter((a) => a.user_id === blockerId || a.user_id === blockedId);
  return [
    ...connectionEffectEvents(ended.connections),
    // The cards the two own (a lead between them voided), and those either leads: a kept
    // card names its leader.
    cardsChanged(auctions.map((auction) => auction.id)),
    ...leadRefundEvents(ended.voidedLeads),
    ...owned.map((auction): RealtimeEvent => {
      const other = auction.user_id === blockerId ? blockedId : blockerId;
      return {
        kind: 'leaveRooms',
        room: userRoom(other),
        leave: [auctionRoom(auction.id), watcherRoom(auction.id, other)],
      };
    }),
  ];
}

/**
 * After a block is undone, the two may join each other's rooms again at once and read each
 * other's names on the cards either leads.
 */
export async function unblockEvents(
  db: Executor,
  blockerId: number,
  blockedId: number,
): Promise<RealtimeEvent[]> {
  const auctions = await liveAuctionsOf(db, [blockerId, blockedId]);
  return [cardsChanged(auctions.map((auction) => auction.id))];
}
