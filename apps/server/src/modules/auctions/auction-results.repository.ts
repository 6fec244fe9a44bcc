// SQL of auction results: every bidder's standing in a closed auction, read from the bids
// (see auction-results.ts for the rules), and a member's results.
import type { AuctionResult } from '@bidboard/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/**
 * A CTE body: one row per (auction, bidder) of the auctions `where` selects (over
 * `auctions a`), with the bidder's highest bid, rank and the auction's bidder count.
 */
export function standingsOf(where: SQL): SQL {
  return sql`SELECT s.auction_id, s.user_id, s.amount AS highest,
         row_number() OVER (PARTITION BY s.auction_id
                            ORDER BY (s.user_id = s.lead_bidder_id) DESC, s.amount DESC, s.id)::int AS rank,
         count(*) OVER (PARTITION BY s.auction_id)::int AS bidders
    FROM (SELECT DISTINCT ON (b.auction_id, b.user_id) b.auction_id, b.user_id, b.amount, b.id,
                 a.lead_bidder_id
            FROM auctions a
            JOIN bids b ON b.auction_id = a.id AND b.id > COALESCE(a.bids_voided_through, 0)
           WHERE ${where}
           ORDER BY b.auction_id, b.user_id, b.amount DESC, b.id) s`;
}

/**
 * Over `s` (a standing) and `a` (its auction): what the leader got back at the close (the
 * unused part of their maximum, or all of it below the reserve); NULL for everyone else.
 */
export const refundedAtClose = sql`(CASE WHEN a.lead_bidder_id = s.user_id
    AND a.outcome IN ('connection', 'reserve_not_met')
    THEN NULLIF(a.lead_max - COALESCE(a.final_price, 0), 0) END)`;

interface ResultRow {
  auction_id: number;
  owner_id: number;
  owner_username: string | null;
  closed_at: Date | string;
  won: boolean;
  final_price: number | null;
  highest: number;
  rank: number;
  bidders: number;
  decided_by: AuctionResult['decidedBy'];
  refunded: number | null;
  chance_amount: number | null;
  chance_expires_at: Date | string | null;
  chance_status: 'offered' | 'taken' | null;
}

/** The rows memberResults presents: the member's standings and second chances. */
export async function memberResultRows(
  db: Executor,
  userId: number,
  now: Date,
  limit: number,
): Promise<ResultRow[]> {
  return rows<ResultRow>(
    db,
    sql`WITH mine AS (
          SELECT DISTINCT b.auction_id FROM bids b WHERE b.user_id = ${userId}),
        standings AS (${standingsOf(sql`a.id IN (SELECT auction_id FROM mine) AND a.status = 'closed'`)})
        SELECT a.id AS auction_id, a.user_id AS owner_id, o.username AS owner_username,
               a.closed_at, (a.outcome = 'connection' AND a.lead_bidder_id = s.user_id) AS won,
               a.final_price, s.highest, s.rank, s.bidders, a.decided_by,
               ${refundedAtClose} AS refunded,
               sc.amount AS chance_amount, sc.expires_at AS chance_expires_at,
               sc.status AS chance_status
          FROM standings s
          JOIN auctions a ON a.id = s.auction_id
          JOIN users o ON o.id = a.user_id
          LEFT JOIN second_chances sc ON sc.auction_id = a.id AND sc.user_id = s.user_id
               AND (sc.status = 'taken'
                 OR (sc.status = 'offered' AND sc.expires_at > ${now.toISOString()}::timestamptz))
         WHERE s.user_id = ${userId}
         ORDER BY a.closed_at DESC, a.id DESC
         LIMIT ${limit}`,
  );
}
