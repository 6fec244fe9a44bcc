// Chat tables (marketplace §3 Conversation, Message) and the durable outbox of
// notifications that go out by web push and SMS. Migration 0012 is hand-written (it also
// holds the trigger that queues an alert's notifications in the alert's own transaction).
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { alerts } from './auction.schema';
import { users } from './schema';

/**
 * One row per pair of members: `cid` is their ids joined by '_', smaller first. The
 * `_a` columns belong to user_a (the smaller id), the `_b` ones to user_b.
 */
export const conversations = pgTable(
  'conversations',
  {
    cid: text('cid').primaryKey(),
    user_a: integer('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user_b: integer('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    last_message_id: bigint('last_message_id', { mode: 'number' }),
    last_message_text: text('last_message_text'),
    last_message_type: text('last_message_type'),
    last_sender_id: integer('last_sender_id'),
    last_message_at: timestamp('last_message_at', { withTimezone: true }),
    unread_a: integer('unread_a').notNull().default(0),
    unread_b: integer('unread_b').notNull().default(0),
    last_read_a: bigint('last_read_a', { mode: 'number' }).notNull().default(0),
    last_read_b: bigint('last_read_b', { mode: 'number' }).notNull().default(0),
    /** Messages stored so far: the next message's seq is this plus one. */
    message_count: integer('message_count').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('conversations_members_ordered', sql`${t.user_a} < ${t.user_b}`),
    check('conversations_cid_of_members', sql`${t.cid} = ${t.user_a} || '_' || ${t.user_b}`),
    check('conversations_unread_nonnegative', sql`${t.unread_a} >= 0 AND ${t.unread_b} >= 0`),
    index('conversations_user_a_idx').on(t.user_a, t.updated_at, t.cid),
    index('conversations_user_b_idx').on(t.user_b, t.updated_at, t.cid),
  ],
);

/** Ids only grow, and within a conversation in commit order (the send locks its row first). */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cid: text('cid')
      .notNull()
      .references(() => conversations.cid, { onDelete: 'cascade' }),
    /** 1, 2, 3, ... within the conversation, without gaps: a client sees what it missed. */
    seq: integer('seq').notNull(),
    sender_id: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    /** Storage key of an image message; served only through signed URLs. */
    blob_key: text('blob_key'),
    type: text('type').notNull().default('text'),
    /** Scam-guard hits the server found in the text (issue 23); empty for most messages. */
    scam_flags: text('scam_flags').array().notNull().default(sql`'{}'`),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_cid_idx').on(t.cid, t.id),
    index('messages_scam_sender_idx')
      .on(t.sender_id, t.created_at)
      .where(sql`${t.scam_flags} <> '{}'`),
    uniqueIndex('messages_cid_seq_key').on(t.cid, t.seq),
  ],
);

export const OUTBOX_CHANNELS = ['push', 'sms'] as const;
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'skipped', 'failed'] as const;

/** One delivery of one alert or message over one channel. */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    alert_id: integer('alert_id').references(() => alerts.id, { onDelete: 'cascade' }),
    message_id: bigint('message_id', { mode: 'number' }).references(() => messages.id, {
      onDelete: 'cascade',
    }),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimed_at: timestamp('claimed_at', { withTimezone: true }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notification_outbox_channel', sql`${t.channel} IN ('push', 'sms')`),
    check(
      'notification_outbox_status',
      sql`${t.status} IN ('pending', 'sending', 'sent', 'skipped', 'failed')`,
    ),
    check(
      'notification_outbox_one_source',
      sql`(${t.alert_id} IS NULL) <> (${t.message_id} IS NULL)`,
    ),
    index('notification_outbox_due_idx')
      .on(t.next_attempt_at, t.id)
      .where(sql`${t.status} IN ('pending', 'sending')`),
    index('notification_outbox_alert_idx').on(t.alert_id),
    index('notification_outbox_message_idx').on(t.message_id),
  ],
);
