// SQL for connections. Every state change is a guarded UPDATE: its WHERE names the state
// it leaves, so whichever of two racing writers commits second changes nothing.
import type { ConnectionStatus } from '@bidboard/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { ESCROW_STATES } from '../../db/auction.schema';
import { type Executor, rows } from '../../db/client';
import { ageOn } from '../auctions/auctions.repository';
import { visibleTo } from '../blocks/blocks.repository';
import { isVerifiedMember } from '../media/verification-videos.repository';

export type EscrowState = (typeof ESCROW_STATES)[number];

export interface ConnectionRow {
  id: number;
  user_id: number;
  partner_id: number;
  auction_id: number;
  amount: number;
  /** The escrow by origin (they add up to amount). */
  escrow_promotional: number;
  escrow_purchased: number;
  escrow_redeemable: number;
  status: ConnectionStatus;
  status_changed_at: Date;
  rejected_by_user_id: number | null;
  escrow_state: EscrowState;
  reminder_sent_at: Date | null;
  user_first_message_at: Date | null;
  partner_first_message_at: Date | null;
  engaged_at: Date | null;
  /** The reward's part held for the settlement hold, and when it settles. */
  reward_pending: number;
  reward_settles_at: Date | null;
  created_at: Date;
  updated_at: Date;
  user_username: string | null;
  partner_username: string | null;
}

const returning = sql`id, user_id, partner_id, auction_id, amount, escrow_promotional,
  escrow_purchased, escrow_redeemable, status, status_changed_at,
  rejected_by_user_id, escrow_state, reminder_sent_at, user_first_message_at,
  partner_first_message_at, engaged_at, reward_pending, reward_settles_at, created_at, updated_at,
  (SELECT username FROM users WHERE users.id = connections.user_id) AS user_username,
  (SELECT username FROM users WHERE users.id = connections.partner_id) AS partner_username`;

const iso = (d: Date) => d.toISOString();

function toRow(raw: ConnectionRow): ConnectionRow {
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    ...raw,
    id: Number(raw.id),
    status_changed_at: date(raw.status_changed_at)!,
    reminder_sent_at: date(raw.reminder_sent_at),
    user_first_message_at: date(raw.user_first_message_at),
    partner_first_message_at: date(raw.partner_first_message_at),
    engaged_at: date(raw.engaged_at),
    reward_settles_at: date(raw.reward_settles_at),
    created_at: date(raw.created_at)!,
    updated_at: date(raw.updated_at)!,
  };
}

/** The connection, row-locked until the transaction ends. */
export async function lockConnection(tx: Executor, id: number): Promise<ConnectionRow | null> {
  const [row] = await rows<ConnectionRow>(
    tx,
    sql`SELECT ${returning} FROM connections WHERE id = ${id} FOR UPDATE`,
  );
  return row ? toRow(row) : null;
}

/**
 * Sets `changes` on the connection only while `guard` still holds; null when another
 * writer got there first.
 */
export async function updateConnectionWhere(
  tx: Executor,
  id: number,
  changes: SQL,
  guard: SQL,
  now: Date,
): Promise<ConnectionRow | null> {
  const [row] = await rows<ConnectionRow>(
    tx,
    sql`UPDATE connections SET ${changes}, updated_at = ${iso(now)}::timestamptz
         WHERE id = ${id} AND ${guard}
     RETURNING ${returning}`,
  );
  return row ? toRow(row) : null;
}

/** Ids of connections matching `where`, oldest first, for a sweep to take in batches. */
export async function connectionIdsWhere(
  db: Executor,
  where: SQL,
  limit: number,
): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM connections WHERE ${where} ORDER BY id LIMIT ${limit}`,
  );
  return found.map((r) => Number(r.id));
}

/** Accepted connections between two members, locked, in id order (lock order). */
export async function lockAcceptedBetween(
  tx: Executor,
  a: number,
  b: number,
): Promise<ConnectionRow[]> {
  const found = await rows<ConnectionRow>(
    tx,
    sql`SELECT ${returning} FROM connections
         WHERE status = 'accepted'
           AND ((user_id = ${a} AND partner_id = ${b}) OR (user_id = ${b} AND partner_id = ${a}))
         ORDER BY id
           FOR UPDATE`,
  );
  return found.map(toRow);
}

export interface ConnectionCardRow extends ConnectionRow {
  auction_created_at: Date | string;
  other_id: number;
  other_username: string | null;
  other_birth_date: string | null;
  other_age: number | null;
  other_bio: string | null;
  other_open_to_dating: boolean;
  other_favorite_1: string | null;
  other_favorite_2: string | null;
  other_favorite_3: string | null;
  other_deleted: boolean;
  other_verified: boolean;
}

/**
 * The viewer's connections matching `where`, newest first, with the other member; none
 * with a member blocked either way.
 */
async function selectConnectionCards(
  db: Executor,
  viewerId: number,
  today: string,
  where: SQL,
  page: { limit: number; offset: number },
): Promise<ConnectionCardRow[]> {
  const found = await rows<ConnectionCardRow>(
    db,
    sql`SELECT c.id, c.user_id, c.partner_id, c.auction_id, c.amount, c.escrow_promotional,
               c.escrow_purchased, c.escrow_redeemable, c.status,
               c.status_changed_at, c.rejected_by_user_id, c.escrow_state, c.reminder_sent_at,
               c.user_first_message_at, c.partner_first_message_at, c.engaged_at,
               c.reward_pending, c.reward_settles_at,
               c.created_at, c.updated_at, a.created_at AS auction_created_at,
               o.id AS other_id, o.username AS other_username,
               o.birth_date::text AS other_birth_date,
               ${ageOn(today, sql`o.birth_date`)} AS other_age, o.short_bio AS other_bio,
               o.open_to_dating AS other_open_to_dating,
               o.favorite_thing_1_answer AS other_favorite_1,
               o.favorite_thing_2_answer AS other_favorite_2,
               o.favorite_thing_3_answer AS other_favorite_3,
               o.deleted_at IS NOT NULL AS other_deleted,
               (o.deleted_at IS NULL AND ${isVerifiedMember(sql`o.id`)}) AS other_verified
          FROM connections c
          JOIN auctions a ON a.id = c.auction_id
          JOIN users o ON o.id = CASE WHEN c.user_id = ${viewerId} THEN c.partner_id ELSE c.user_id END
         WHERE (c.user_id = ${viewerId} OR c.partner_id = ${viewerId}) AND ${where}
           AND ${visibleTo(viewerId, sql`o.id`)}
         ORDER BY c.id DESC
         LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return found.map((r) => ({ ...r, ...toRow(r), other_id: Number(r.other_id) }));
}

/**
 * Locks both members' rows in ascending id order. Every transaction that changes a
 * connection takes its locks in one order (the connection row, then its members by id),
 * so refunds, rewards and alerts on two connections of the same two members queue
 * instead of deadlocking.
 */
export async function lockMembers(
  tx: Executor,
  connection: Pick<ConnectionRow, 'user_id' | 'partner_id'>,
): Promise<void> {
  await tx.execute(
    sql`SELECT id FROM users WHERE id IN (${connection.user_id}, ${connection.partner_id})
         ORDER BY id FOR UPDATE`,
  );
}

/**
 * A page of the viewer's connection cards (one more than `limit`, to tell whether more
 * follow) and, on the first page, the pinned connection or partner's ones that lead it
 * (left out of every page).
 */
export async function connectionCardPages(
  db: Executor,
  viewerId: number,
  today: string,
  query: {
    status: string | null;
    pinConnectionId: number | null;
    pinPartnerId: number | null;
    lastId: number | null;
    limit: number;
    offset: number;
  },
): Promise<{ page: ConnectionCardRow[]; lead: ConnectionCardRow[] }> {
  const filters: SQL[] = [sql`TRUE`];
  if (query.status) filters.push(sql`c.status = ${query.status}`);
  const pins: SQL[] = [];
  if (query.pinConnectionId) pins.push(sql`c.id = ${query.pinConnectionId}`);
  if (query.pinPartnerId) {
    pins.push(sql`(c.user_id = ${query.pinPartnerId} OR c.partner_id = ${query.pinPartnerId})`);
  }
  const pinned = pins.length ? sql`(${sql.join(pins, sql` OR `)})` : null;
  const firstPage = !query.lastId && query.offset === 0;
  const where = [...filters];
  if (pinned) where.push(sql`NOT ${pinned}`);
  if (query.lastId) where.push(sql`c.id < ${query.lastId}`);
  const page = await selectConnectionCards(db, viewerId, today, sql.join(where, sql` AND `), {
    limit: query.limit + 1,
    offset: query.lastId ? 0 : query.offset,
  });
  const lead =
    pinned && firstPage
      ? await selectConnectionCards(
          db,
          viewerId,
          today,
          sql.join([...filters, pinned], sql` AND `),
          {
            limit: query.limit,
            offset: 0,
          },
        )
      : [];
  return { page, lead };
}

export function connectionCardById(
  db: Executor,
  viewerId: number,
  today: string,
  connectionId: number,
): Promise<ConnectionCardRow[]> {
  return selectConnectionCards(db, viewerId, today, sql`c.id = ${connectionId}`, {
    limit: 1,
    offset: 0,
  });
}
