// The ceiling for bids: the same SQL the server runs for a bid (the place_bid function,
// one statement), sent bare through `pg` as a named prepared statement, with no service
// code around it.
import type pg from 'pg';

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
  try {
    const { rows } = await pool.query<{ refusal: string | null; outbid_user_id: number | null }>({
      name: 'bare_place_bid',
      text: 'SELECT * FROM place_bid($1, $2, $3, $4, 10, 14)',
      values: [auctionId, bidderId, amount, new Date().toISOString()],
    });
    const row = rows[0]!;
    return { accepted: row.refusal === null, previousLeader: row.outbid_user_id };
  } catch (error) {
    if ((error as { code?: string }).code === '23514')
      return { accepted: false, previousLeader: null };
    throw error;
  }
}
