// The ceiling for bids: the same SQL the server runs for a bid, sent bare through `pg`
// (named prepared statements, no query builder, no service code around it).
import type pg from 'pg';

const LEDGER = `WITH changed AS (
    UPDATE users SET token_balance = token_balance + $2,
           redeemable_tokens = LEAST(redeemable_tokens, token_balance + $2), updated_at = now()
     WHERE id = $1 RETURNING id, token_balance, redeemable_tokens)
  INSERT INTO token_transactions (user_id, amount, balance_after, redeemable_after, transaction_type, bid_target_id, reference_id)
  SELECT id, $2, token_balance, redeemable_tokens, $3, $4, $5 FROM changed
  RETURNING balance_after`;

export interface BareOutcome {
  accepted: boolean;
  previousLeader: number | null;
}

export async function bareBid(
  pool: pg.Pool,
  auctionId: number,
  bidderId: number,
  amount: number,
): Promise<BareOutcome> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows: auctions } = await client.query({
      name: 'bare_lock',
      text: `SELECT a.id, a.user_id, a.current_bid, a.lead_bidder_id, a.status, p.end_time, o.username AS owner_username
               FROM auctions a JOIN auction_periods p ON p.id = a.period_id JOIN users o ON o.id = a.user_id
              WHERE a.id = $1 FOR UPDATE OF a`,
      values: [auctionId],
    });
    const auction = auctions[0];
    const { rows: bidders } = await client.query({
      name: 'bare_bidder',
      text: 'SELECT username, is_approved, onboarded FROM users WHERE id = $1',
      values: [bidderId],
    });
    const bidder = bidders[0];
    if (
      !auction ||
      auction.status !== 'active' ||
      auction.user_id === bidderId ||
      !bidder?.is_approved ||
      amount < auction.current_bid + 10
    ) {
      await client.query('ROLLBACK');
      return { accepted: false, previousLeader: null };
    }
    const raising = auction.lead_bidder_id === bidderId;
    const ref = `auction:${auctionId}`;
    await client.query({
      name: 'bare_ledger',
      text: LEDGER,
      values: [
        bidderId,
        -(raising ? amount - auction.current_bid : amount),
        raising ? 'rebid' : 'bid',
        auction.user_id,
        ref,
      ],
    });
    if (!raising && auction.lead_bidder_id !== null) {
      await client.query({
        name: 'bare_ledger',
        text: LEDGER,
        values: [auction.lead_bidder_id, auction.current_bid, 'outbid', auction.user_id, ref],
      });
    }
    await client.query({
      name: 'bare_insert_bid',
      text: 'INSERT INTO bids (auction_id, user_id, amount) VALUES ($1, $2, $3) RETURNING id, created_at',
      values: [auctionId, bidderId, amount],
    });
    await client.query({
      name: 'bare_update_auction',
      text: 'UPDATE auctions SET current_bid = $2, lead_bidder_id = $3, updated_at = now() WHERE id = $1',
      values: [auctionId, amount, bidderId],
    });
    if (!raising && auction.lead_bidder_id !== null) {
      await client.query({
        name: 'bare_alert',
        text: `INSERT INTO alerts (user_id, kind, payload, message) VALUES ($1, 'outbid', $2::jsonb, $3)
               RETURNING id, created_at`,
        values: [
          auction.lead_bidder_id,
          JSON.stringify({ auctionId, newBidAmount: amount }),
          `${bidder.username} outbid you on ${auction.owner_username} with ${amount} tokens.`,
        ],
      });
    }
    await client.query('COMMIT');
    return { accepted: true, previousLeader: raising ? null : auction.lead_bidder_id };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    if ((error as { code?: string }).code === '23514')
      return { accepted: false, previousLeader: null };
    throw error;
  } finally {
    client.release();
  }
}
