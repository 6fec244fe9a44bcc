// SQL of the chat: conversations (one row per pair, `_a` columns for the smaller id,
// `_b` for the larger) and their messages. Ids of messages only grow.
import { type SQL, sql } from 'drizzle-orm';
import {
  type Db,
  type Executor,
  preparedRows,
  prepareStatement,
  rows,
  type Tx,
} from '../../db/client';
import { neitherBlocked, visibleTo } from '../blocks/blocks.repository';
import { isVerifiedMember } from '../media/verification-videos.repository';
import { alertAboutHeld } from '../users/fraud-hold.repository';

export interface ConversationRow {
  cid: string;
  user_a: number;
  user_b: number;
  last_message_id: string | number | null;
  last_message_text: string | null;
  last_message_type: string | null;
  last_sender_id: number | null;
  last_message_at: Date | string | null;
  unread_a: number;
  unread_b: number;
  last_read_a: string | number;
  last_read_b: string | number;
  updated_at: Date | string;
  partner_username?: string | null;
  partner_deleted?: boolean;
  partner_verified?: boolean;
}

export interface MessageRow {
  id: string | number;
  cid: string;
  seq: number;
  sender_id: number;
  text: string;
  blob_key: string | null;
  type: string;
  scam_flags: string[] | string;
  created_at: Date | string;
  /** The image's nudity screening (chat_images), on image messages. */
  image_status: 'pending' | 'clear' | 'flagged' | null;
  blurred_key: string | null;
}

/** Columns of a message `m` with its image's screening (`ci`). */
const messageColumns = sql`m.id, m.cid, m.seq, m.sender_id, m.text, m.blob_key, m.type,
  m.scam_flags, m.created_at, ci.screen_status AS image_status, ci.blurred_key`;
const imageJoin = sql`LEFT JOIN chat_images ci ON ci.storage_key = m.blob_key AND ci.cid = m.cid`;

/** The partner `u` shows the verified badge: never once the account is deleted. */
const partnerVerified = sql`(u.deleted_at IS NULL AND ${isVerifiedMember(sql`u.id`)})`;

const side = (me: number, members: readonly [number, number]) => (me === members[0] ? 'a' : 'b');
const iso = (d: Date) => d.toISOString();

/** Creates the pair's conversation if it does not exist yet. */
export async function ensureConversation(
  db: Executor,
  cid: string,
  members: readonly [number, number],
  now: Date,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO conversations (cid, user_a, user_b, created_at, updated_at)
        VALUES (${cid}, ${members[0]}, ${members[1]}, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz)
        ON CONFLICT (cid) DO NOTHING`,
  );
}

export interface SenderStanding {
  /** Accepted connections between the two. */
  accepted: number;
  /** The sender has not written yet on one of them (engagement may follow). */
  firstMessage: boolean;
}

const pairOf = (a: number, b: number) =>
  sql`(k.user_id = ${a} AND k.partner_id = ${b} OR k.user_id = ${b} AND k.partner_id = ${a})`;

/**
 * Locks the conversation row (creating it first if need be), so that sends in one
 * conversation take their seq and id one after the other and commit in that order, and
 * reads the sender's standing with the partner (without locking the connections); a
 * block between the two counts as no accepted connection.
 */
export async function lockConversation(
  tx: Tx,
  cid: string,
  members: readonly [number, number],
  sender: number,
  now: Date,
): Promise<SenderStanding> {
  const pair = pairOf(members[0], members[1]);
  // A block either way refuses the message as if there were no accepted connection.
  const lock = () =>
    rows<{ accepted: number; first: boolean | null }>(
      tx,
      sql`SELECT (SELECT COUNT(*)::int FROM connections k
                   WHERE k.status = 'accepted' AND ${pair}
                     AND ${visibleTo(members[0], sql`${members[1]}::int`)}) AS accepted,
                 (SELECT bool_or(CASE WHEN k.user_id = ${sender} THEN k.user_first_message_at IS NULL
                                      ELSE k.partner_first_message_at IS NULL END)
                    FROM connections k WHERE k.status = 'accepted' AND ${pair}) AS first
            FROM conversations WHERE cid = ${cid} FOR UPDATE`,
    );
  let [row] = await lock();
  if (!row) {
    await ensureConversation(tx, cid, members, now);
    [row] = await lock();
  }
  return { accepted: Number(row?.accepted ?? 0), firstMessage: Boolean(row?.first) };
}

export interface StoredMessage extends MessageRow {
  unread_a: number;
  unread_b: number;
  queued: number;
}

export type StoreOutcome =
  | { kind: 'stored'; row: StoredMessage }
  /** No conversation row yet: the caller creates it in a transaction. */
  | { kind: 'no-conversation' }
  /** No accepted connection between the two (or a block): nothing was written. */
  | { kind: 'not-accepted' }
  /** The sender's first message on a connection: engagement must be recorded with it. */
  | { kind: 'first-message' }
  /** The image it carries is no longer uploaded (the unsent-image sweep took it). */
  | { kind: 'image-gone' };

interface StoreRow extends Partial<StoredMessage> {
  found: number;
  accepted: number;
  first: boolean;
  image_gone: boolean;
}

/** A send's values, by the keys its statement names (storeMessageSql). */
interface StoreValues {
  cid: string;
  a: number;
  b: number;
  senderId: number;
  recipientId: number;
  senderIsA: boolean;
  text: string;
  blobKey: string | null;
  type: string;
  scamFlags: string;
  now: string;
  firstRecorded: boolean;
}

interface MessageToStore {
  cid: string;
  senderId: number;
  text: string;
  blobKey: string | null;
  type: string;
  scamFlags: readonly string[];
  now: Date;
  firstRecorded: boolean;
}

function storeValues(members: readonly [number, number], message: MessageToStore): StoreValues {
  const [a, b] = members;
  const senderIsA = message.senderId === a;
  return {
    cid: message.cid,
    a,
    b,
    senderId: message.senderId,
    recipientId: senderIsA ? b : a,
    senderIsA,
    text: message.text,
    blobKey: message.blobKey,
    type: message.type,
    scamFlags: `{${message.scamFlags.join(',')}}`,
    now: iso(message.now),
    firstRecorded: message.firstRecorded,
  };
}

/**
 * The whole send in one statement: locks the conversation row first (sends of one pair
 * take their seq and id one after the other and commit in that order; the seq comes from
 * the locked row, never from the statement's older snapshot), then holds the pair's
 * accepted connections with a share lock (an unmatch waits until the message is stored)
 * and reads the sender's standing; a block either way counts as no accepted connection.
 * Only then, and only when the sender has written on the connection before (or
 * `firstRecorded`: the caller recorded the first message in this transaction), it stores
 * the message with the next seq, updates the conversation (preview, one more unread for
 * the recipient, the sender has read up to their own message) and queues the recipient's
 * notifications: a push when they have a browser subscribed, a text when they opted in,
 * did not text STOP and this is the first unread message (one text per unread streak).
 * An image message holds its uploaded image's row with a share lock and is stored only
 * while that row exists: the unsent-image sweep (which locks the rows it deletes, skipping
 * held ones) never deletes an image a message is taking, nor a message one it deleted.
 * Outside a transaction it is the usual message's only round trip.
 *
 * `v` puts each value (or, in the statement prepared once, its placeholder) in its place.
 */
function storeMessageSql(v: (key: keyof StoreValues) => unknown): SQL {
  return sql`WITH conv AS MATERIALIZED (
          SELECT cid, message_count FROM conversations WHERE cid = ${v('cid')} FOR UPDATE
        ), held AS MATERIALIZED (
          SELECT k.user_id, k.user_first_message_at, k.partner_first_message_at
            FROM connections k
           WHERE EXISTS (SELECT 1 FROM conv) AND k.status = 'accepted'
             AND (k.user_id = ${v('a')}::int AND k.partner_id = ${v('b')}::int
                  OR k.user_id = ${v('b')}::int AND k.partner_id = ${v('a')}::int)
             FOR SHARE
        ), image AS MATERIALIZED (
          SELECT ci.id FROM chat_images ci
           WHERE EXISTS (SELECT 1 FROM conv)
             AND ci.cid = ${v('cid')} AND ci.storage_key = ${v('blobKey')}::text
             FOR SHARE
        ), standing AS (
          SELECT COUNT(*)::int AS accepted,
                 COALESCE(bool_or(CASE WHEN h.user_id = ${v('senderId')}::int
                                       THEN h.user_first_message_at IS NULL
                                       ELSE h.partner_first_message_at IS NULL END), false) AS first
            FROM held h
           WHERE ${neitherBlocked(sql`${v('a')}::int`, sql`${v('b')}::int`)}
        ), m AS (
          INSERT INTO messages (cid, seq, sender_id, text, blob_key, type, scam_flags, created_at)
          SELECT conv.cid, conv.message_count + 1, ${v('senderId')}::int, ${v('text')}::text,
                 ${v('blobKey')}::text, ${v('type')}::text,
                 ${v('scamFlags')}::text[], ${v('now')}::timestamptz
            FROM conv, standing
           WHERE standing.accepted > 0 AND (NOT standing.first OR ${v('firstRecorded')}::boolean)
             AND (${v('blobKey')}::text IS NULL OR EXISTS (SELECT 1 FROM image))
          RETURNING id, cid, seq, sender_id, text, blob_key, type, scam_flags, created_at
        ), c AS (
          UPDATE conversations SET
                 last_message_id = m.id, last_message_text = m.text, last_message_type = m.type,
                 last_sender_id = m.sender_id, last_message_at = m.created_at,
                 updated_at = m.created_at, message_count = m.seq,
                 unread_a = CASE WHEN ${v('senderIsA')}::boolean THEN 0 ELSE conversations.unread_a + 1 END,
                 unread_b = CASE WHEN ${v('senderIsA')}::boolean THEN conversations.unread_b + 1 ELSE 0 END,
                 last_read_a = CASE WHEN ${v('senderIsA')}::boolean THEN m.id ELSE conversations.last_read_a END,
                 last_read_b = CASE WHEN ${v('senderIsA')}::boolean THEN conversations.last_read_b ELSE m.id END
            FROM m
           WHERE conversations.cid = m.cid
          RETURNING conversations.unread_a, conversations.unread_b,
                    CASE WHEN ${v('senderIsA')}::boolean THEN conversations.unread_b
                         ELSE conversations.unread_a END AS recipient_unread
        ), q AS (
          INSERT INTO notification_outbox (user_id, channel, message_id)
          SELECT u.id, ch.channel, m.id
            FROM m, c, users u CROSS JOIN (VALUES ('push'), ('sms')) AS ch(channel)
           WHERE u.id = ${v('recipientId')}::int
             AND NOT ${alertAboutHeld(sql`u.id`, sql`NULL::jsonb`, sql`${v('senderId')}::int`)}
             AND CASE ch.channel
                   WHEN 'push' THEN EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id)
                   ELSE c.recipient_unread = 1 AND u.sms_notification AND NOT u.twilio_stop
                 END
          RETURNING id
        )
        SELECT (SELECT COUNT(*)::int FROM conv) AS found, s.accepted, s.first,
               (${v('blobKey')}::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM image)) AS image_gone,
               sent.*
          FROM standing s
          LEFT JOIN (SELECT ${messageColumns}, c.unread_a, c.unread_b,
                            (SELECT COUNT(*)::int FROM q) AS queued
                       FROM m CROSS JOIN c ${imageJoin}) sent ON true`;
}

/** What the send statement's one row says happened. */
export function storeOutcome(row: StoreRow | undefined): StoreOutcome {
  if (!row || row.found === 0) return { kind: 'no-conversation' };
  if (row.id !== null && row.id !== undefined) return { kind: 'stored', row: row as StoredMessage };
  if (row.accepted === 0) return { kind: 'not-accepted' };
  if (row.image_gone) return { kind: 'image-gone' };
  return { kind: 'first-message' };
}

const STORE_MESSAGE = prepareStatement<keyof StoreValues>(
  'chat_store_message',
  storeMessageSql((key) => sql.placeholder(key)),
);

/** The usual send: one prepared statement, its own transaction. */
export async function storeMessage(
  db: Db,
  members: readonly [number, number],
  message: Omit<MessageToStore, 'firstRecorded'>,
): Promise<StoreOutcome> {
  const values = storeValues(members, { ...message, firstRecorded: false });
  const [row] = await preparedRows<StoreRow, keyof StoreValues>(db, STORE_MESSAGE, values);
  return storeOutcome(row);
}

/** The same statement inside the caller's transaction (first messages, scam-guard hits). */
export async function storeMessageIn(
  tx: Tx,
  members: readonly [number, number],
  message: MessageToStore,
): Promise<StoreOutcome> {
  const values = storeValues(members, message);
  const [row] = await rows<StoreRow>(
    tx,
    storeMessageSql((key) => values[key]),
  );
  return storeOutcome(row);
}

/** One of the member's conversations, with the partner's name; none with a blocked member. */
export async function memberConversation(
  db: Executor,
  me: number,
  cid: string,
): Promise<ConversationRow | undefined> {
  const [row] = await rows<ConversationRow>(
    db,
    sql`SELECT c.*, u.username AS partner_username, u.deleted_at IS NOT NULL AS partner_deleted,
               ${partnerVerified} AS partner_verified
          FROM conversations c
          JOIN users u ON u.id = CASE WHEN c.user_a = ${me} THEN c.user_b ELSE c.user_a END
         WHERE c.cid = ${cid} AND (c.user_a = ${me} OR c.user_b = ${me})
           AND ${visibleTo(me, sql`u.id`)}`,
  );
  return row;
}

export interface ConversationPage {
  limit: number;
  /** Conversations updated before this instant, or at it with a smaller cid. */
  before?: { at: Date; cid: string | null };
}

/**
 * The member's conversations, most recently updated first, with the partner's name; a
 * member blocked either way is left out (issue 11).
 */
export async function memberConversations(
  db: Executor,
  me: number,
  page: ConversationPage,
): Promise<ConversationRow[]> {
  const before = page.before;
  const cursor = !before
    ? sql``
    : before.cid === null
      ? sql`AND c.updated_at < ${iso(before.at)}::timestamptz`
      : sql`AND (c.updated_at, c.cid) < (${iso(before.at)}::timestamptz, ${before.cid})`;
  return rows<ConversationRow>(
    db,
    sql`SELECT c.*, u.username AS partner_username, u.deleted_at IS NOT NULL AS partner_deleted,
               ${partnerVerified} AS partner_verified
          FROM conversations c
          JOIN users u ON u.id = CASE WHEN c.user_a = ${me} THEN c.user_b ELSE c.user_a END
         WHERE (c.user_a = ${me} OR c.user_b = ${me}) ${cursor}
           AND ${visibleTo(me, sql`u.id`)}
         ORDER BY c.updated_at DESC, c.cid DESC
         LIMIT ${page.limit}`,
  );
}

/** Messages of a conversation, oldest first: the newest page, older than `before`, or newer than `after`. */
export async function conversationMessages(
  db: Executor,
  cid: string,
  page: { limit: number; before?: number; after?: number },
): Promise<MessageRow[]> {
  if (page.after !== undefined) {
    return rows<MessageRow>(
      db,
      sql`SELECT ${messageColumns} FROM messages m ${imageJoin}
           WHERE m.cid = ${cid} AND m.id > ${page.after}
           ORDER BY m.id ASC LIMIT ${page.limit}`,
    );
  }
  const older = page.before === undefined ? sql`` : sql`AND m.id < ${page.before}`;
  const found = await rows<MessageRow>(
    db,
    sql`SELECT ${messageColumns} FROM messages m ${imageJoin}
         WHERE m.cid = ${cid} ${older}
         ORDER BY m.id DESC LIMIT ${page.limit}`,
  );
  return found.reverse();
}

/** The member has read everything so far; returns the id read up to (null: no conversation). */
export async function markConversationRead(
  tx: Tx,
  me: number,
  members: readonly [number, number],
  cid: string,
): Promise<number | null> {
  const mine = side(me, members);
  const unread = sql.raw(`unread_${mine}`);
  const lastRead = sql.raw(`last_read_${mine}`);
  const [row] = await rows<{ last_read: string | number }>(
    tx,
    sql`UPDATE conversations SET ${unread} = 0, ${lastRead} = GREATEST(${lastRead}, COALESCE(last_message_id, 0))
         WHERE cid = ${cid}
     RETURNING ${lastRead} AS last_read`,
  );
  return row ? Number(row.last_read) : null;
}

/** Unread messages over all the member's conversations. */
export async function unreadTotal(db: Executor, me: number): Promise<number> {
  const [row] = await rows<{ n: string | number | null }>(
    db,
    sql`SELECT COALESCE(SUM(CASE WHEN user_a = ${me} THEN unread_a ELSE unread_b END), 0) AS n
          FROM conversations
         WHERE (user_a = ${me} OR user_b = ${me})
           AND ${visibleTo(me, sql`CASE WHEN user_a = ${me} THEN user_b ELSE user_a END`)}`,
  );
  return Number(row?.n ?? 0);
}

/** Members the member has an accepted connection with (messaging is open). */
export async function acceptedPartnersOf(db: Executor, me: number): Promise<Set<number>> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT DISTINCT CASE WHEN user_id = ${me} THEN partner_id ELSE user_id END AS id
          FROM connections
         WHERE status = 'accepted' AND (user_id = ${me} OR partner_id = ${me})
           AND ${visibleTo(me, sql`CASE WHEN user_id = ${me} THEN partner_id ELSE user_id END`)}`,
  );
  return new Set(found.map((r) => Number(r.id)));
}

/**
 * Everyone whose presence each member sees (conversation partners and accepted
 * connections), for many members in one query (presence, when many connect at once).
 */
export async function chatPartnersOfMany(
  db: Executor,
  members: readonly number[],
): Promise<Map<number, number[]>> {
  const ids = sql`${`{${members.join(',')}}`}::int[]`;
  const found = await rows<{ me: number; id: number }>(
    db,
    sql`SELECT me, id FROM (
          SELECT m.me, CASE WHEN c.user_a = m.me THEN c.user_b ELSE c.user_a END AS id
            FROM unnest(${ids}) AS m(me)
            JOIN conversations c ON c.user_a = m.me OR c.user_b = m.me
          UNION
          SELECT m.me, CASE WHEN k.user_id = m.me THEN k.partner_id ELSE k.user_id END
            FROM unnest(${ids}) AS m(me)
            JOIN connections k ON k.status = 'accepted'
                              AND (k.user_id = m.me OR k.partner_id = m.me)) partners
         WHERE ${neitherBlocked(sql`partners.me`, sql`partners.id`)}`,
  );
  const partners = new Map<number, number[]>(members.map((me) => [me, []]));
  for (const row of found) partners.get(Number(row.me))?.push(Number(row.id));
  return partners;
}

/** The image message of this conversation stored under `name`, with its screening. */
export async function findImage(
  db: Executor,
  cid: string,
  name: string,
): Promise<{
  blob_key: string;
  sender_id: number;
  image_status: MessageRow['image_status'];
} | null> {
  const [row] = await rows<{
    blob_key: string;
    sender_id: number;
    image_status: MessageRow['image_status'];
  }>(
    db,
    sql`SELECT m.blob_key, m.sender_id, ci.screen_status AS image_status
          FROM messages m ${imageJoin}
         WHERE m.cid = ${cid} AND m.type = 'image' AND m.blob_key LIKE ${`%/chat/${cid}/${name}`}
         LIMIT 1`,
  );
  return row ?? null;
}

/** Image messages carrying `storageKey`, for the update after its screening. */
export async function messagesWithImage(db: Executor, storageKey: string): Promise<MessageRow[]> {
  return rows<MessageRow>(
    db,
    sql`SELECT ${messageColumns} FROM messages m ${imageJoin}
         WHERE m.blob_key = ${storageKey} AND m.type = 'image'`,
  );
}

/** Pushes not yet sent for messages the member has now read are no longer needed. */
export async function skipReadMessageNotifications(
  tx: Tx,
  me: number,
  cid: string,
  upTo: number,
): Promise<void> {
  await tx.execute(
    sql`UPDATE notification_outbox o SET status = 'skipped'
          FROM messages m
         WHERE o.message_id = m.id AND o.user_id = ${me} AND o.status = 'pending'
           AND o.channel = 'push' AND m.cid = ${cid} AND m.id <= ${upTo}`,
  );
}
