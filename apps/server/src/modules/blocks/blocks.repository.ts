// SQL for blocks. A block hides two members from each other both ways, so every list a
// member sees filters with `visibleTo`, whichever of the two made the block.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/**
 * True for rows whose member (`memberId`, an SQL column) and the viewer have no block
 * between them. Visitors (no viewer) see everyone.
 */
export function visibleTo(viewerId: number | null | undefined, memberId: SQL): SQL {
  if (!viewerId) return sql`TRUE`;
  return neitherBlocked(sql`${viewerId}::int`, memberId);
}

/** SQL: true when neither member (two SQL expressions) has blocked the other. */
export function neitherBlocked(a: SQL, b: SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM blocks bl
    WHERE (bl.blocker_id = ${a} AND bl.blocked_id = ${b})
       OR (bl.blocker_id = ${b} AND bl.blocked_id = ${a}))`;
}

/** SQL: the ids of everyone with a block with `member` (an SQL expression), either way. */
export function blockedWith(member: SQL): SQL {
  return sql`(SELECT COALESCE(array_agg(CASE WHEN bl.blocker_id = ${member}
                                              THEN bl.blocked_id ELSE bl.blocker_id END), '{}')
                FROM blocks bl WHERE bl.blocker_id = ${member} OR bl.blocked_id = ${member})`;
}

export async function isBlockedBetween(db: Executor, a: number, b: number): Promise<boolean> {
  const found = await rows(
    db,
    sql`SELECT 1 FROM blocks
         WHERE (blocker_id = ${a} AND blocked_id = ${b}) OR (blocker_id = ${b} AND blocked_id = ${a})`,
  );
  return found.length > 0;
}

export interface BlockRow {
  id: number;
  username: string | null;
  blocked_at: Date | string;
}

/** Whom the member blocked, newest first. */
export async function blocksBy(db: Executor, blockerId: number): Promise<BlockRow[]> {
  return rows<BlockRow>(
    db,
    sql`SELECT u.id, u.username, b.created_at AS blocked_at
          FROM blocks b JOIN users u ON u.id = b.blocked_id
         WHERE b.blocker_id = ${blockerId}
         ORDER BY b.created_at DESC, u.id DESC`,
  );
}

/** Blocks the member; blocking someone already blocked keeps the first block. */
export async function insertBlock(db: Executor, blockerId: number, blockedId: number) {
  await db.execute(
    sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${blockerId}, ${blockedId})
        ON CONFLICT (blocker_id, blocked_id) DO NOTHING`,
  );
}

export async function deleteBlock(
  db: Executor,
  blockerId: number,
  blockedId: number,
): Promise<boolean> {
  const removed = await rows(
    db,
    sql`DELETE FROM blocks WHERE blocker_id = ${blockerId} AND blocked_id = ${blockedId}
        RETURNING blocked_id`,
  );
  return removed.length > 0;
}
