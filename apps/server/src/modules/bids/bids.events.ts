// Realtime effects of a committed bid (marketplace §7 Realtime): the auction room sees
// the new amount (and each automatic raise of a maximum), the bidder their balance and own
// maximum, the outbid member their refund and alert.
import { auctionRoom, userRoom } from '@bidboard/shared';
import type { AppSocketServer } from '../../plugins/socket';
import { emitAlerts } from '../alerts/alerts.events';
import type { BidEvents, PlacedBid } from './bids.service';

export function bidEventsFor(io: AppSocketServer): BidEvents {
  return {
    bidPlaced(result: PlacedBid) {
      const { bid, auction } = result;
      // Every visible bid, automatic raises included, is a bid update like any other.
      for (const visible of result.visible) {
        io.to(auctionRoom(auction.id)).emit('bidUpdate', {
          id: auction.id,
          bidAmount: visible.amount,
          bidderId: visible.bidderId,
          bidderUsername: visible.bidderUsername,
          reserveMet: result.reserveMet,
        });
      }
      io.to(userRoom(bid.user_id)).emit('bidSuccess', bidSuccessOf(result));
      if (result.outbid) {
        io.to(userRoom(result.outbid.userId)).emit('leadBidderUpdate', {
          userId: result.outbid.userId,
          tokenBalance: result.outbid.tokenBalance,
        });
        emitAlerts(io, [result.outbid.alert]);
      }
    },
  };
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
      lead_bidder_username: auction.lead_bidder_username,
    },
    yourMaximum: result.ownMaximum,
    ...(result.requestKey === null ? {} : { key: result.requestKey }),
  };
}
