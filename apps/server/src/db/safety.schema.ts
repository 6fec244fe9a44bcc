// Member safety tables (issue 11): blocks between members and reports to the moderators.
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema';

/** A block hides both members from each other; only the blocker can undo it. */
export const blocks = pgTable(
  'blocks',
  {
    blocker_id: integer('blocker_id').notNull(),
    blocked_id: integer('blocked_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'blocks_pkey', columns: [t.blocker_id, t.blocked_id] }),
    // Migration 0013 let PostgreSQL name its foreign keys (<table>_<column>_fkey).
    foreignKey({
      name: 'blocks_blocker_id_fkey',
      columns: [t.blocker_id],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'blocks_blocked_id_fkey',
      columns: [t.blocked_id],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
    index('blocks_blocked_idx').on(t.blocked_id, t.blocker_id),
    check('blocks_not_self', sql`${t.blocker_id} <> ${t.blocked_id}`),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null for reports the system opens (source 'scam_guard'). */
    reporter_id: integer('reporter_id'),
    reported_id: integer('reported_id').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    text: text('text'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    action: text('action', { enum: REPORT_ACTIONS }),
    note: text('note'),
    resolved_by: integer('resolved_by'),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    source: text('source', { enum: ['member', 'scam_guard'] })
      .notNull()
      .default('member'),
    /** How many times the reporter filed it while it was open (repeats merge, issue 41). */
    times: integer('times').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open entry per reporter, member and reason: twenty identical reports made twenty
    // queue entries (issue 41).
    uniqueIndex('reports_open_member_key')
      .on(t.reporter_id, t.reported_id, t.reason)
      .where(sql`${t.source} = 'member' AND ${t.status} = 'open'`),
    uniqueIndex('reports_open_scam_guard_key')
      .on(t.reported_id)
      .where(sql`${t.source} = 'scam_guard' AND ${t.status} = 'open'`),
    foreignKey({
      name: 'reports_reporter_id_fkey',
      columns: [t.reporter_id],
      foreignColumns: [users.id],
    }),
    foreignKey({
      name: 'reports_reported_id_fkey',
      columns: [t.reported_id],
      foreignColumns: [users.id],
    }),
    foreignKey({
      name: 'reports_resolved_by_fkey',
      columns: [t.resolved_by],
      foreignColumns: [users.id],
    }),
    index('reports_status_created_idx').on(t.status, t.created_at),
    index('reports_reported_idx').on(t.reported_id),
    index('reports_reporter_idx').on(t.reporter_id),
    check(
      'reports_reason_valid',
      sql`${t.reason} IN ('fake_profile', 'harassment', 'underage', 'scam_or_spam', 'inappropriate_photos', 'inappropriate_prompt', 'other')`,
    ),
    check('reports_status_valid', sql`${t.status} IN ('open', 'actioned', 'dismissed')`),
    check('reports_resolved_when_closed', sql`(${t.status} = 'open') = (${t.resolved_at} IS NULL)`),
    check('reports_not_self', sql`${t.reporter_id} <> ${t.reported_id}`),
    check('reports_source_valid', sql`${t.source} IN ('member', 'scam_guard')`),
    check(
      'reports_reporter_by_source',
      sql`(${t.source} = 'member') = (${t.reporter_id} IS NOT NULL)`,
    ),
  ],
);

/**
 * One row per admin action, written in the action's own transaction; append-only (the
 * triggers in modules/audit/audit-log-append-only.sql). admin_id has no foreign key, so
 * erasing a member never touches a row here.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    admin_id: integer('admin_id'),
    action: text('action').notNull(),
    target_type: text('target_type').notNull(),
    target_id: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.created_at.desc(), t.id.desc()),
    index('admin_audit_log_target_idx').on(t.target_type, t.target_id),
  ],
);
