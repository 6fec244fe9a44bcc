// Realtime effects of a committed bid (marketplace §7 Realtime): the auction room sees
// the new amount (and each automatic raise of a maximum), the bidder their balance and own
// maximum, the outbid member their refund and alert.
import { userRoom } from '@bidboard/shared';
import { cardsChanged, emitTo, type RealtimeEvent } from '../../lib/realtime';
import { alertEvents } from '../alerts/alerts.events';
import type { PlacedBid } from './bids.service';

export function bidPlacedEvents(result: PlacedBid): RealtimeEvent[] {
  const { bid, auction } = result;
  // A bid update tells every server's kept cards of the change (plugins/card-changes.ts); a
  // leader's raised maximum shows the room nothing, yet changes the card (its reserve state,
  // the leader's own maximum), so it is announced.
  const events = result.visible.length === 0 ? [cardsChanged([auction.id])] : [];
  // Every visible bid, automatic raises included, is a bid update like any other.
  const updates = result.visible.map(
    (visible): RealtimeEvent => ({
      kind: 'bidUpdate',
      update: {
        id: auction.id,
        bidAmount: visible.amount,
        bidderId: visible.bidderId,
        bidderUsername: visible.bidderUsername,
        reserveMet: result.reserveMet,
      },
      // Members with a block with this bidder read the update with no name.
      hiddenFrom: result.blockedWith.get(visible.bidderId) ?? [],
    }),
  );
  events.push(...updates, emitTo(userRoom(bid.user_id), 'bidSuccess', bidSuccessOf(result)));
  if (result.outbid) {
    events.push(
      emitTo(userRoom(result.outbid.userId), 'leadBidderUpdate', {
        userId: result.outbid.userId,
        tokenBalance: result.outbid.tokenBalance,
      }),
      ...alertEvents([result.outbid.alert]),
    );
  }
  return events;
}

/**
 * What the bidder hears for a placed bid: every tab of theirs when it was placed, and the
 * asking socket alone when a resent bid is answered again (its key seen before).
 */
export function bidSuccessOf(result: PlacedBid) {
  const { bid, auction } = result;
  return {
    bid: {
      id: bid.id,
      auction_id: auction.id,
      user_id: bid.user_id,
      bid_amount: bid.amount,
      lead_bidder_username: result.bidderUsername,
    },
    tokenBalance: result.tokenBalance,
    auction: {
      current_bid: auction.current_bid,
      lead_bidder_id: auction.lead_bidder_id,
      // A sitting leader's maximum that answered a member with a block with them.
      lead_bidder_username: result.blockedWith.get(auction.lead_bidder_id)?.includes(bid.user_id)
        ? null
        : auction.lead_bidder_username,
    },
    yourMaximum: result.ownMaximum,
    ...(result.requestKey === null ? {} : { key: result.requestKey }),
  };
}
