// Realtime effects of a committed bid (marketplace §7 Realtime): the auction room sees
// the new amount, the bidder their balance, the outbid member their refund and alert.
import { auctionRoom, userRoom } from '@bidboard/shared';
import type { AppSocketServer } from '../../plugins/socket';
import { emitAlerts } from '../alerts/alerts.events';
import type { BidEvents, PlacedBid } from './bids.service';

export function bidEventsFor(io: AppSocketServer): BidEvents {
  return {
    bidPlaced(result: PlacedBid) {
      const { bid, auction } = result;
      io.to(auctionRoom(auction.id)).emit('bidUpdate', {
        id: auction.id,
        bidAmount: bid.amount,
        bidderId: bid.user_id,
        bidderUsername: result.bidderUsername,
        reserveMet: result.reserveMet,
      });
      io.to(userRoom(bid.user_id)).emit('bidSuccess', {
        bid: {
          id: bid.id,
          auction_id: auction.id,
          user_id: bid.user_id,
          bid_amount: bid.amount,
          lead_bidder_username: result.bidderUsername,
        },
        tokenBalance: result.tokenBalance,
      });
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
