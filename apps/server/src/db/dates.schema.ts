// Dates (issue 45): plans proposed in chat, the check-ins after them, the links shared with
// a trusted contact, the did-you-meet answers, and the numbers that texted STOP. Every
// state change is a guarded UPDATE (… WHERE state = expected), so racing answers on any
// number of servers change a plan once.
import {
  CHECK_IN_STATES,
  DATE_PLACE_MAX_LENGTH,
  DATE_PLAN_STATES,
  MET_ANSWERS,
} from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const member = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const datePlans = pgTable(
  'date_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The two members' conversation id (smaller id first), whether or not it has messages. */
    cid: text('cid').notNull(),
    proposer_id: member('proposer_id'),
    responder_id: member('responder_id'),
    starts_at: at('starts_at').notNull(),
    /** Midnight after the plan's day in its time zone. */
    day_ends_at: at('day_ends_at').notNull(),
    time_zone: text('time_zone').notNull(),
    place: text('place').notNull(),
    note: text('note'),
    state: text('state', { enum: DATE_PLAN_STATES }).notNull().default('proposed'),
    moved_from_id: integer('moved_from_id').references((): AnyPgColumn => datePlans.id, {
      onDelete: 'set null',
    }),
    created_at: at('created_at').notNull().defaultNow(),
    answered_at: at('answered_at'),
    cancelled_at: at('cancelled_at'),
    /** Null on a cancellation by a block (nobody's choice to show). */
    cancelled_by: integer('cancelled_by'),
    /** The sweeper asked both members 'Are you OK?'. */
    check_in_asked_at: at('check_in_asked_at'),
    /** The sweeper asked both members whether the date happened. */
    met_asked_at: at('met_asked_at'),
    /**
     * Set when a new proposal finds this plan's time passed: it keeps its state (the
     * check-in and the did-you-meet question still come) but no longer holds the chat.
     */
    lapsed_at: at('lapsed_at'),
  },
  (t) => [
    // One standing plan to come per conversation: a second proposal waits for the first's
    // end or its time.
    uniqueIndex('date_plans_one_open_key')
      .on(t.cid)
      .where(sql`${t.state} IN ('proposed', 'accepted') AND ${t.lapsed_at} IS NULL`),
    index('date_plans_cid_idx').on(t.cid, t.id),
    // The follow-through rate on every card reads a member's accepted plans from both sides.
    index('date_plans_proposer_accepted_idx').on(t.proposer_id).where(sql`${t.state} = 'accepted'`),
    index('date_plans_responder_accepted_idx')
      .on(t.responder_id)
      .where(sql`${t.state} = 'accepted'`),
    index('date_plans_check_in_due_idx')
      .on(t.starts_at)
      .where(sql`${t.state} = 'accepted' AND ${t.check_in_asked_at} IS NULL`),
    index('date_plans_met_due_idx')
      .on(t.day_ends_at)
      .where(sql`${t.state} = 'accepted' AND ${t.met_asked_at} IS NULL`),
    check(
      'date_plans_place_length',
      sql`char_length(${t.place}) BETWEEN 1 AND ${sql.raw(String(DATE_PLACE_MAX_LENGTH))}`,
    ),
    check('date_plans_two_members', sql`${t.proposer_id} <> ${t.responder_id}`),
  ],
);

export const dateCheckIns = pgTable(
  'date_check_ins',
  {
    plan_id: integer('plan_id')
      .notNull()
      .references(() => datePlans.id, { onDelete: 'cascade' }),
    user_id: member('user_id'),
    state: text('state', { enum: CHECK_IN_STATES }).notNull().default('asked'),
    asked_at: at('asked_at').notNull(),
    /** When an unanswered check-in texts the contact (if the member asked for it). */
    escalate_at: at('escalate_at').notNull(),
    answered_at: at('answered_at'),
    escalated_at: at('escalated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.plan_id, t.user_id] }),
    index('date_check_ins_escalate_idx').on(t.escalate_at).where(sql`${t.state} = 'asked'`),
  ],
);

/** Share My Date: only the token's SHA-256 is kept; the link itself is only in the text. */
export const dateShares = pgTable(
  'date_shares',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    plan_id: integer('plan_id')
      .notNull()
      .references(() => datePlans.id, { onDelete: 'cascade' }),
    user_id: member('user_id'),
    contact_phone: text('contact_phone').notNull(),
    token_hash: text('token_hash').notNull(),
    escalate_on_silence: boolean('escalate_on_silence').notNull().default(false),
    created_at: at('created_at').notNull().defaultNow(),
    expires_at: at('expires_at').notNull(),
    revoked_at: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('date_shares_token_key').on(t.token_hash),
    uniqueIndex('date_shares_live_key')
      .on(t.plan_id, t.user_id)
      .where(sql`${t.revoked_at} IS NULL`),
  ],
);

export const dateMetAnswers = pgTable(
  'date_met_answers',
  {
    plan_id: integer('plan_id')
      .notNull()
      .references(() => datePlans.id, { onDelete: 'cascade' }),
    user_id: member('user_id'),
    answer: text('answer', { enum: MET_ANSWERS }).notNull(),
    answered_at: at('answered_at').notNull(),
    /** A moderator upheld a contest of this answer (a report): it no longer counts. */
    voided_at: at('voided_at'),
  },
  (t) => [primaryKey({ columns: [t.plan_id, t.user_id] })],
);

/** Numbers that are not members' and replied STOP, as SHA-256 of the E.164 number. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone_hash: text('phone_hash').primaryKey(),
  opted_out_at: at('opted_out_at').notNull().defaultNow(),
});
