// SQL of members' reports: filing one, the admins' queue, locking and resolving.
import type { ReportAction, ReportReason, ReportStatus } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';

export interface ReportRow {
  id: number;
  reporter_id: number | null;
  source: 'member' | 'scam_guard';
  reporter_username: string | null;
  reported_id: number;
  reported_username: string | null;
  reported_suspended: boolean;
  reported_deleted: boolean;
  reason: ReportReason;
  text: string | null;
  status: ReportStatus;
  action: ReportAction | null;
  note: string | null;
  times: number;
  created_at: Date | string;
  resolved_at: Date | string | null;
}

/** Texts of a report's merged repeats are kept together up to this length. */
const MERGED_TEXT_MAX = 4000;

const reportColumns = sql`r.id, r.reporter_id, r.source, rp.username AS reporter_username,
  r.reported_id, rd.username AS reported_username,
  rd.suspended_at IS NOT NULL AS reported_suspended, rd.deleted_at IS NOT NULL AS reported_deleted,
  r.reason, r.text, r.status, r.action, r.note, r.times, r.created_at, r.resolved_at`;
const reportJoins = sql`FROM reports r LEFT JOIN users rp ON rp.id = r.reporter_id
  JOIN users rd ON rd.id = r.reported_id`;

/**
 * Files a member's report, or merges it into their open one about the same member for the
 * same reason (issue 41): counted, its text added when it says something new, its place in
 * the queue (and the 24-hour target) kept from the first.
 */
export async function insertReport(
  tx: Executor,
  report: {
    reporterId: number;
    reportedId: number;
    reason: ReportReason;
    text: string | null;
    at: Date;
  },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO reports (reporter_id, reported_id, reason, text, created_at)
        VALUES (${report.reporterId}, ${report.reportedId}, ${report.reason}, ${report.text},
                ${report.at.toISOString()}::timestamptz)
        ON CONFLICT (reporter_id, reported_id, reason) WHERE source = 'member' AND status = 'open'
        DO UPDATE SET times = reports.times + 1,
          text = CASE
            WHEN EXCLUDED.text IS NULL OR reports.text IS NOT NULL
                 AND position(EXCLUDED.text IN reports.text) > 0 THEN reports.text
            ELSE left(COALESCE(reports.text || E'\n\n', '') || EXCLUDED.text, ${MERGED_TEXT_MAX})
          END`,
  );
}

/**
 * Reports of one status: open ones oldest first (the first `limit`), handled ones newest
 * first (a page), with how many there are in all.
 */
export async function reportsByStatus(
  db: Executor,
  status: ReportStatus,
  page: { limit: number; offset: number },
): Promise<{ found: ReportRow[]; total: number }> {
  const order =
    status === 'open' ? sql`r.created_at ASC, r.id ASC` : sql`r.resolved_at DESC, r.id DESC`;
  const [found, [count]] = await Promise.all([
    rows<ReportRow>(
      db,
      sql`SELECT ${reportColumns} ${reportJoins} WHERE r.status = ${status}
           ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    rows<{ n: number }>(db, sql`SELECT COUNT(*)::int AS n FROM reports WHERE status = ${status}`),
  ]);
  return { found, total: Number(count!.n) };
}

export async function lockReportRow(tx: Tx, id: number): Promise<ReportRow | undefined> {
  const [found] = await rows<ReportRow>(
    tx,
    sql`SELECT ${reportColumns} ${reportJoins} WHERE r.id = ${id} FOR UPDATE OF r`,
  );
  return found;
}

/** Closes an open report; false when it was not open any more. */
export async function closeOpenReport(
  tx: Tx,
  id: number,
  close: { action: ReportAction; adminId: number; note: string | null; at: Date },
): Promise<boolean> {
  const changed = await rows(
    tx,
    sql`UPDATE reports SET status = ${close.action === 'dismiss' ? 'dismissed' : 'actioned'},
               action = ${close.action}, note = ${close.note}, resolved_by = ${close.adminId},
               resolved_at = ${close.at.toISOString()}::timestamptz
         WHERE id = ${id} AND status = 'open' RETURNING id`,
  );
  return changed.length > 0;
}
