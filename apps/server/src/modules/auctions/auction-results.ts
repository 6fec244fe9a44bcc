// Every bidder's result of a closed auction (product rules, Auctions beyond a plain high
// bid). A bidder's standing is their highest counted bid; the leader ranks first (between
// equal amounts the earlier bid ranks higher, as between equal maximums the earlier one
// leads). Bids voided when their leader was removed do not count. The close writes the
// auction's outcome once; standings are read from the bids, so the close's alerts and the
// 'Your results' view can never disagree.
import type { AuctionResult } from '@bidboard/shared';
import type { Executor } from '../../db/client';
import { memberResultRows } from './auction-results.repository';

/**
 * The member's results, newest close first, each with the member's second chance on it
 * while it stands (offered and not lapsed at `now`) or once taken.
 */
export async function memberResults(
  db: Executor,
  userId: number,
  now: Date,
  limit = 50,
): Promise<AuctionResult[]> {
  const found = await memberResultRows(db, userId, now, limit);
  return found.map((r) => ({
    auctionId: r.auction_id,
    ownerId: r.owner_id,
    ownerUsername: r.owner_username,
    closedAt: new Date(r.closed_at).toISOString(),
    won: r.won,
    finalPrice: r.final_price,
    highestBid: r.highest,
    rank: r.rank,
    bidderCount: r.bidders,
    decidedBy: r.decided_by,
    refunded: r.refunded,
    secondChance:
      r.chance_status === null
        ? null
        : {
            amount: r.chance_amount!,
            expiresAt: new Date(r.chance_expires_at!).toISOString(),
            status: r.chance_status,
          },
  }));
}
