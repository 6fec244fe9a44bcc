// SQL for blocks. A block hides two members from each other both ways, so every list a
// member sees filters with `visibleTo`, whichever of the two made the block. SQL only and
// importing no other module, so that any area (media, connections, chat) may check it.
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

/** For each of these members, everyone with a block with them, either way. */
export async function blockedWithEach(
  db: Executor,
  memberIds: readonly number[],
): Promise<Map<number, number[]>> {
  const ids = `{${[...new Set(memberIds)].join(',')}}`;
  const found = await rows<{ blocker_id: number; blocked_id: number }>(
    db,
    sql`SELECT blocker_id, blocked_id FROM blocks
         WHERE blocker_id = ANY(${ids}::int[]) OR blocked_id = ANY(${ids}::int[])`,
  );
  const byMember = new Map<number, number[]>();
  const add = (member: number, other: number) => {
    if (!memberIds.includes(member)) return;
    byMember.set(member, [...(byMember.get(member) ?? []), other]);
  };
  for (const { blocker_id, blocked_id } of found) {
    add(blocker_id, blocked_id);
    add(blocked_id, blocker_id);
  }
  return byMember;
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

/**
 * Blocks the member, inside the caller's transaction, and ends what stood between the two
 * (product rules, Blocks cover everything): a second chance either was offered on the
 * other's auction is withdrawn, with the alert that named the other. Blocking someone
 * already blocked keeps the first block. The two members' rows stay locked until the
 * commit, so a connection change between them that locks them too (connections.service)
 * waits and then sees the block; the offers are taken before them, as a second chance's
 * take does (its offer, then the members), so the two never wait on each other. A caller
 * ending the pair's connections locks those first, as a status change does.
 */
export async function blockBetween(tx: Executor, blockerId: number, blockedId: number) {
  await tx.execute(
    sql`WITH withdrawn AS (
          UPDATE second_chances SET status = 'withdrawn'
           WHERE status = 'offered'
             AND ((user_id = ${blockerId} AND owner_id = ${blockedId})
               OR (user_id = ${blockedId} AND owner_id = ${blockerId}))
       RETURNING user_id, auction_id)
        DELETE FROM alerts al USING withdrawn w
         WHERE al.user_id = w.user_id AND al.kind = 'second_chance'
           AND al.payload->>'auctionId' = w.auction_id::text`,
  );
  await tx.execute(
    sql`SELECT id FROM users WHERE id IN (${blockerId}, ${blockedId}) ORDER BY id FOR UPDATE`,
  );
  await tx.execute(
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

/**
 * SQL: the alert (a row of `alerts`) is about a member with a block with its reader: the
 * other of a connection or a date plan, an auction's owner or winning bidder, the bidder
 * an owner heard of. Such an alert is no longer shown or sent (product rules, Blocks cover
 * everything): what it was about ended with the block.
 */
export const alertAboutBlocked = sql`EXISTS (SELECT 1 FROM blocks bl
  WHERE (bl.blocker_id = alerts.user_id OR bl.blocked_id = alerts.user_id)
    AND CASE WHEN bl.blocker_id = alerts.user_id THEN bl.blocked_id ELSE bl.blocker_id END
        IN ((alerts.payload->>'partnerUserId')::int, (alerts.payload->>'winningBidderUserId')::int,
            (alerts.payload->>'userId')::int, (alerts.payload->>'auctionCreatorUserId')::int))`;

/**
 * SQL: the alert is an outbid one in a third member's auction whose new bidder, named by
 * username only, has a block with its reader: it reads 'A member outbid you', as an outbid
 * alert written after the block does.
 */
export const outbidderBlocked = sql`(alerts.kind = 'outbid' AND EXISTS (SELECT 1 FROM users nb
  JOIN blocks bl ON (bl.blocker_id = nb.id AND bl.blocked_id = alerts.user_id)
                 OR (bl.blocked_id = nb.id AND bl.blocker_id = alerts.user_id)
  WHERE lower(nb.username) = lower(alerts.payload->>'newBidderUsername')))`;
