// The auctions a board limited to a maximum distance chooses its page from, by the copy of
// each owner's location the auction carries (auction-location.sql), before any owner is
// read. Two ways, because neither is cheap everywhere: walking the next auctions in id
// order finds a page at once where many members live near the viewer (a few hundred
// auctions for 25 miles around Manhattan), and costs the whole board where few do; the
// box around the viewer (auctions_location_gist) holds few auctions where few live near,
// and thousands in a city. The board walks at most `walk` auctions, then looks up by place
// only the auctions after them, so a page costs at most about `walk` plus the nearby ones.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** About the square root of the board's size over the page: both halves stay small. */
export const NEAR_WALK = 1000;

export interface NearBoard {
  /** The filter on the auction's own columns (period, status, keyset) over `a`. */
  auction: SQL;
  /** Its location within the viewer's maximum, over `a`. */
  near: SQL;
  walk: number;
  /** Only auctions after this id (the end of the walk). */
  after?: number;
}

/** The nearby auctions among the next `walk` in id order. */
export function inIdOrder(board: NearBoard): SQL {
  return sql`SELECT a.id, a.user_id
      FROM (SELECT a.id, a.user_id, a.location_lat, a.location_lon FROM auctions a
             WHERE ${board.auction} ORDER BY a.id LIMIT ${board.walk}) a
     WHERE ${board.near} ORDER BY a.id`;
}

/**
 * Every nearby auction (after `after`), in id order. OFFSET 0 keeps the planner from
 * folding them into the join with their owners, where it would read every candidate's
 * owner before sorting: it cannot tell how few of them a page needs.
 */
export function byPlace(board: NearBoard): SQL {
  const after = board.after === undefined ? sql`TRUE` : sql`a.id > ${board.after}`;
  return sql`SELECT a.id, a.user_id FROM auctions a
     WHERE ${board.auction} AND ${after} AND ${board.near} ORDER BY a.id OFFSET 0`;
}

/** The last auction the walk passed, or null when the walk reached the board's end. */
export async function walkEnd(db: Executor, board: NearBoard): Promise<number | null> {
  const [end] = await rows<{ id: number }>(
    db,
    sql`SELECT a.id FROM auctions a WHERE ${board.auction}
         ORDER BY a.id OFFSET ${board.walk - 1} LIMIT 1`,
  );
  return end ? Number(end.id) : null;
}
