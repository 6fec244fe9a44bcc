// Realtime effects of a suspension or deletion, sent after its transaction commits: the
// removed auction's room and refunded leader, the voided leads, both sides of every ended
// connection, and last the member's own sessions: every server drops them from its cache
// and cuts the member's sockets.
import { userRoom } from '@bidboard/shared';
import type { SessionsEndedChannel } from '../../plugins/sessions-ended';
import type { AppSocketServer } from '../../plugins/socket';
import { publishAuctionRemoved } from '../auctions/auctions.events';
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
