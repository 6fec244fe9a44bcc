// SQL of the console's overview: every figure in one round trip, and the live auctions.
import { type AdminLiveAuction, ONBOARDING_COMPLETE } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { likeContaining } from '../../lib/like';

interface OverviewRow {
  total: number;
  pending: number;
  approved: number;
  period_id: number | null;
  start_time: Date | string | null;
  end_time: Date | string | null;
  live_auctions: number;
  bids: number;
  tokens_bid: number;
  balances: string | number;
  escrow: string | number;
  purchases_waiting: number;
  redemptions_waiting: number;
}

export async function overviewRow(db: Executor): Promise<OverviewRow> {
  const [row] = await rows<OverviewRow>(
    db,
    sql`WITH period AS (SELECT id, start_time, end_time FROM auction_periods WHERE status = 'open'),
             members AS (
               SELECT COUNT(*) FILTER (WHERE deleted_at IS NULL)::int AS total,
                      COUNT(*) FILTER (WHERE NOT is_approved AND approval_rejected_at IS NULL
                                         AND suspended_at IS NULL AND deleted_at IS NULL
                                         AND onboarded = ${ONBOARDING_COMPLETE})::int AS pending,
                      COUNT(*) FILTER (WHERE is_approved AND suspended_at IS NULL
                                         AND deleted_at IS NULL)::int AS approved,
                      COALESCE(SUM(token_balance), 0) AS balances
                 FROM users)
        SELECT m.total, m.pending, m.approved, m.balances,
               p.id AS period_id, p.start_time, p.end_time,
               (SELECT COUNT(*)::int FROM auctions a
                 WHERE a.period_id = p.id AND a.status = 'active') AS live_auctions,
               (SELECT COUNT(*)::int FROM bids b JOIN auctions a ON a.id = b.auction_id
                 WHERE a.period_id = p.id) AS bids,
               (SELECT COALESCE(SUM(a.current_bid), 0)::int FROM auctions a
                 WHERE a.period_id = p.id AND a.status = 'active') AS tokens_bid,
               (SELECT COALESCE(SUM(current_bid), 0) FROM auctions WHERE status = 'active')
                 + (SELECT COALESCE(SUM(amount), 0) FROM connections WHERE escrow_state = 'held')
                 AS escrow,
               (SELECT COUNT(*)::int FROM payment_reviews WHERE resolved_at IS NULL)
                 AS purchases_waiting,
               (SELECT COUNT(*)::int FROM redemptions WHERE status = 'pending')
                 AS redemptions_waiting
          FROM members m LEFT JOIN period p ON TRUE`,
  );
  return row!;
}

/** The open period's live auctions, highest bid first, for taking one off the board. */
export async function liveAuctions(
  db: Executor,
  query: { q?: string; limit: number; offset: number },
): Promise<AdminLiveAuction[]> {
  const search = query.q ? sql`AND owner.username ILIKE ${likeContaining(query.q)}` : sql``;
  return rows<AdminLiveAuction>(
    db,
    sql`SELECT a.id, a.user_id, owner.username, a.current_bid, a.lead_bidder_id,
               leader.username AS lead_bidder_username
          FROM auctions a
          JOIN auction_periods p ON p.id = a.period_id AND p.status = 'open'
          JOIN users owner ON owner.id = a.user_id
          LEFT JOIN users leader ON leader.id = a.lead_bidder_id
         WHERE a.status = 'active' ${search}
         ORDER BY a.current_bid DESC, a.id
         LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
}
