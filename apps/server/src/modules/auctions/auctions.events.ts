// Realtime emits for periods, sent after the closing transaction commits.
import { AUCTION_MESSAGES, auctionRoom, userRoom } from '@bidboard/shared';
import type { Executor } from '../../db/client';
import type { AppSocketServer } from '../../plugins/socket';
import { fanOutAlertRange } from '../alerts/alerts.events';
import type { ClosedPeriod } from './periods.service';
import type { RemovedAuction } from './remove-auction.service';

export async function publishPeriodClosed(
  io: AppSocketServer,
  db: Executor,
  closed: ClosedPeriod,
  now: Date,
): Promise<void> {
  io.emit('periodChange', {
    previousPeriodId: closed.periodId,
    periodId: closed.next.id,
    endTime: closed.next.end_time.toISOString(),
    timestamp: now.getTime(),
  });
  await fanOutAlertRange(io, db, closed.alerts);
}

export function publishAuctionRemoved(io: AppSocketServer, removed: RemovedAuction): void {
  io.to(auctionRoom(removed.auctionId)).emit('auctionDeleted', {
    auctionId: removed.auctionId,
    message: AUCTION_MESSAGES.auctionRemoved,
  });
  if (removed.refunded) {
    io.to(userRoom(removed.refunded.userId)).emit('leadBidderUpdate', removed.refunded);
  }
}
