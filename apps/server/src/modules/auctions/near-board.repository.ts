// The auctions a board limited to a maximum distance chooses its page from, by the copy of
// each owner's location the auction carries (auction-location.sql), before any owner is
// read. Two ways, because neither is cheap everywhere: walking the next auctions in id
// order finds a page at once where many members live near the viewer (a few hundred
// auctions for 25 miles around Manhattan), and costs the whole board where few do; the
// box around the viewer (auctions_location_gist) holds few auctions where few live near,
// and thousands in a city. The board walks at most `walk` auctions, then looks up by place
// only the auctions after them, so a page costs at most about `walk` plus the nearby ones.
import { type SQL, sql } from 'drizzle-orm';

/** About the square root of the board's size over the page: both halves stay small. */
export const NEAR_WALK = 1000;

export interface NearBoard {
  /** The filter on the auction's own columns (period, status, keyset) over `a`. */
  auction: SQL;
  /** Its location within the viewer's maximum, over `a`. */
  near: SQL;
  walk: number;
  /** Only the auctions after the walk's (none when the walk reached the board's end). */
  afterWalk?: boolean;
}

/** The nearby auctions among the next `walk` in id order. */
export function inIdOrder(board: NearBoard): SQL {
  return sql`SELECT a.id, a.user_id
      FROM (SELECT a.id, a.user_id, a.location_lat, a.location_lon FROM auctions a
             WHERE ${board.auction} ORDER BY a.id LIMIT ${board.walk}) a
     WHERE ${board.near} ORDER BY a.id`;
}

/**
 * Every nearby auction (only those after the walk's, with `afterWalk`), in id order.
 * OFFSET 0 keeps the planner from folding them into the join with their owners, where it
 * would read every candidate's owner before sorting: it cannot tell how few a page needs.
 */
export function byPlace(board: NearBoard): SQL {
  const after = board.afterWalk
    ? sql`a.id > (SELECT a.id FROM auctions a WHERE ${board.auction}
                   ORDER BY a.id OFFSET ${board.walk - 1} LIMIT 1)`
    : sql`TRUE`;
  return sql`SELECT a.id, a.user_id FROM auctions a
     WHERE ${board.auction} AND ${after} AND ${board.near} ORDER BY a.id OFFSET 0`;
}
