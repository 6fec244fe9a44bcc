// Bid history: an auction's bids and a member's own bids, newest first.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { visibleTo } from '../blocks/blocks.repository';

interface BidRow {
  id: number;
  auction_id: number;
  user_id: number;
  username: string | null;
  amount: number;
  created_at: Date | string;
}

const presentBid = (r: BidRow) => ({
  id: Number(r.id),
  auction_id: r.auction_id,
  user_id: r.user_id,
  username: r.username,
  amount: r.amount,
  bid_amount: r.amount,
  created_at: new Date(r.created_at).toISOString(),
});

/**
 * An auction's bids as `viewerId` reads them: a visitor (null) sees the amounts and no
 * bidder (issue 46), a member no name of a bidder with a block with them (product rules,
 * Blocks cover everything).
 */
export async function auctionBids(
  db: Executor,
  auctionId: number,
  viewerId: number | null,
  limit = 100,
) {
  const found = await rows<BidRow>(
    db,
    sql`SELECT b.id, b.auction_id, b.user_id,
               CASE WHEN ${visibleTo(viewerId, sql`b.user_id`)} THEN u.username END AS username,
               b.amount, b.created_at
          FROM bids b JOIN users u ON u.id = b.user_id
         WHERE b.auction_id = ${auctionId}
         ORDER BY b.id DESC LIMIT ${limit}`,
  );
  return found.map((r) =>
    viewerId === null ? { ...presentBid(r), user_id: null, username: null } : presentBid(r),
  );
}

export async function memberBids(db: Executor, userId: number, limit = 100) {
  const found = await rows<
    BidRow & {
      owner_id: number;
      owner_username: string | null;
      current_bid: number;
      lead_bidder_id: number | null;
      status: 'active' | 'closed' | 'deleted';
      end_time: Date | string;
    }
  >(
    db,
    sql`SELECT b.id, b.auction_id, b.user_id, me.username, b.amount, b.created_at,
               a.user_id AS owner_id, o.username AS owner_username, a.current_bid,
               a.lead_bidder_id, a.status, p.end_time
          FROM bids b
          JOIN users me ON me.id = b.user_id
          JOIN auctions a ON a.id = b.auction_id
          JOIN users o ON o.id = a.user_id
          JOIN auction_periods p ON p.id = a.period_id
         WHERE b.user_id = ${userId}
         ORDER BY b.id DESC LIMIT ${limit}`,
  );
  return found.map((r) => ({
    ...presentBid(r),
    isLeading: r.lead_bidder_id === userId,
    auction: {
      auctionId: r.auction_id,
      user_id: r.owner_id,
      username: r.owner_username,
      current_bid: r.current_bid,
      status: r.status,
      end_time: new Date(r.end_time).toISOString(),
    },
  }));
}
