// Tables of the lawful-to-launch rules (issue 42): members' acknowledgements of the
// dating-safety notice their state requires (rules/dating-safety-notices in the shared
// package), their biometric consent decisions (rules/biometric-consent), and the fraud
// removals whose contacts are told, each contact once.

import { CORRECTABLE_FIELDS, PRIVACY_REQUEST_KINDS } from '@bidboard/shared/schemas/privacy';
import { sql } from 'drizzle-orm';
import {
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

/**
 * A member read the notice of their jurisdiction at one placement ('sign_up',
 * 'first_connection'), in one version: a new version is shown (and acknowledged) again.
 */
export const safetyNoticeAcknowledgements = pgTable(
  'safety_notice_acknowledgements',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ISO 3166-2, e.g. 'US-NJ'. */
    jurisdiction: text('jurisdiction').notNull(),
    placement: text('placement', { enum: ['sign_up', 'first_connection'] }).notNull(),
    version: text('version').notNull(),
    acknowledged_at: timestamp('acknowledged_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'safety_notice_acknowledgements_pkey',
      columns: [t.user_id, t.jurisdiction, t.placement, t.version],
    }),
    check(
      'safety_notice_acknowledgements_placement_valid',
      sql`${t.placement} IN ('sign_up', 'first_connection')`,
    ),
  ],
);

/**
 * Every biometric consent decision a member made, with the text version they read; the
 * latest one counts. Kept as a history: the record of when the member agreed and when
 * they withdrew.
 */
export const biometricConsents = pgTable(
  'biometric_consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision', { enum: ['agreed', 'declined', 'withdrawn'] }).notNull(),
    version: text('version').notNull(),
    decided_at: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('biometric_consents_user_idx').on(t.user_id, t.id),
    check(
      'biometric_consents_decision_valid',
      sql`${t.decision} IN ('agreed', 'declined', 'withdrawn')`,
    ),
  ],
);

/**
 * An account suspended for fraud or scam (issue 42): the notice job tells every member who
 * exchanged messages with it in the 30 days before `removed_at`, then sets `notified_at`.
 */
export const fraudRemovals = pgTable(
  'fraud_removals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removed_at: timestamp('removed_at', { withTimezone: true }).notNull(),
    notified_at: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [index('fraud_removals_waiting_idx').on(t.id).where(sql`${t.notified_at} IS NULL`)],
);

/**
 * Each member told about a removed account, once: the unique (removed account, member) key,
 * not a check before the insert, keeps two removals of one account handled by two servers
 * at the same moment (a fraud suspension, then the deletion) from telling a member twice.
 */
export const fraudRemovalNotices = pgTable(
  'fraud_removal_notices',
  {
    removal_id: integer('removal_id')
      .notNull()
      .references(() => fraudRemovals.id, { onDelete: 'cascade' }),
    /** The removed account (the removal's user_id), for the unique key below. */
    removed_user_id: integer('removed_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notified_at: timestamp('notified_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'fraud_removal_notices_pkey', columns: [t.removal_id, t.user_id] }),
    uniqueIndex('fraud_removal_notices_once_idx').on(t.removed_user_id, t.user_id),
  ],
);

/** Privacy Center requests (issue 42): a correction asked for, answered by an admin. */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PRIVACY_REQUEST_KINDS }).notNull(),
    field: text('field', { enum: CORRECTABLE_FIELDS }).notNull(),
    details: text('details').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    /** 30 days after the request: the law's answer time. */
    due_at: timestamp('due_at', { withTimezone: true }).notNull(),
    answered_at: timestamp('answered_at', { withTimezone: true }),
    answered_by: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('privacy_requests_open_idx').on(t.due_at).where(sql`${t.answered_at} IS NULL`),
    index('privacy_requests_user_idx').on(t.user_id, t.id),
  ],
);
