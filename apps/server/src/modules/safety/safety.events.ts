// Realtime effects of a suspension or deletion, sent after its transaction commits: the
// removed auction's room and refunded leader, the voided leads, both sides of every ended
// connection, and last the member's own sessions: every server drops them from its cache
// and cuts the member's sockets.
import { auctionRoom, userRoom } from '@bidboard/shared';
import type { Executor } from '../../db/client';
import type { SessionsEndedChannel } from '../../plugins/sessions-ended';
import type { AppSocketServer } from '../../plugins/socket';
import { publishAuctionRemoved } from '../auctions/auctions.events';
import { liveAuctionsOf } from '../auctions/auctions.repository';
import { publishConnectionEffects } from '../connections';
import type { Withdrawal } from './member-withdrawal.service';

export async function publishWithdrawal(
  app: { io: AppSocketServer; sessionsEnded: SessionsEndedChannel },
  userId: number,
  withdrawal: Withdrawal,
): Promise<void> {
  const { io } = app;
  for (const removed of withdrawal.removedAuctions) publishAuctionRemoved(io, removed);
  for (const voided of withdrawal.voidedLeads) {
    io.to(userRoom(voided.refund.user_id)).emit('leadBidderUpdate', {
      userId: voided.refund.user_id,
      tokenBalance: voided.refund.balance_after,
    });
  }
  publishConnectionEffects(io, withdrawal.connections);
  await app.sessionsEnded.announce({ userId });
}

/**
 * After a block, neither member's sockets (on any server) stay in the other's auction
 * rooms: they stop receiving each other's bid updates at once, as the board hides them.
 */
export async function publishBlock(
  io: AppSocketServer,
  db: Executor,
  blockerId: number,
  blockedId: number,
): Promise<void> {
  for (const auction of await liveAuctionsOf(db, [blockerId, blockedId])) {
    const other = auction.user_id === blockerId ? blockedId : blockerId;
    io.in(userRoom(other)).socketsLeave(auctionRoom(auction.id));
  }
}
