// Realtime effects of period closes and auction removals, published after their
// transactions commit (lib/realtime.ts).
import { AUCTION_MESSAGES, auctionRoom, userRoom } from '@bidboard/shared';
import { cardsChanged, emitTo, type RealtimeEvent } from '../../lib/realtime';
import type { ClosedPeriod } from './periods.service';
import type { RemovedAuction } from './remove-auction.service';

export function periodClosedEvents(closed: ClosedPeriod, now: Date): RealtimeEvent[] {
  return [
    cardsChanged('all'),
    emitTo('everyone', 'periodChange', {
      previousPeriodId: closed.periodId,
      periodId: closed.next.id,
      endTime: closed.next.end_time.toISOString(),
      timestamp: now.getTime(),
    }),
    { kind: 'alertRange', range: closed.alerts },
  ];
}

export function auctionRemovedEvents(removed: RemovedAuction): RealtimeEvent[] {
  const events = [
    emitTo(auctionRoom(removed.auctionId), 'auctionDeleted', {
      auctionId: removed.auctionId,
      message: AUCTION_MESSAGES.auctionRemoved,
    }),
  ];
  if (removed.refunded) {
    events.push(emitTo(userRoom(removed.refunded.userId), 'leadBidderUpdate', removed.refunded));
  }
  return events;
}
