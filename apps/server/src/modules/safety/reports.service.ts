// Reports (issue 11): a member reports another with a reason and optional text, blocking
// them too unless they untick it; the report waits in the admins' queue. Nothing the
// reported member can read names the reporter: a warning says only the reason.
import {
  type AdminReport,
  REPORT_REASON_LABELS,
  REPORT_TARGET_HOURS,
  type ReportAction,
  type ReportReason,
  type ReportStatus,
  SAFETY_MESSAGES,
} from '@bidboard/shared';
import type { Storage } from '../../adapters/storage/storage.port';
import type { Db, Executor, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { publishAfterCommit, type Realtime } from '../../lib/realtime';
import { sayText } from '../../lib/texts';
import { type AlertRow, insertAlert } from '../alerts/alerts.repository';
import { profilePicturesFor } from '../media/profile-pictures';
import { riskScore, riskSignalsFor } from '../vision/risk-signals';
import { blockInTransaction, otherMember } from './blocking.service';
import {
  closeOpenReport,
  insertReport,
  lockReportRow,
  type ReportRow,
  reportsByStatus,
} from './reports.repository';
import { blockEvents } from './safety.events';

/** Open reports ranked by risk at once (beyond it, the oldest wait for the next page of work). */
const OPEN_QUEUE_MAX = 1000;

export interface ReportInput {
  user_id: number;
  reason: ReportReason;
  text?: string;
  block: boolean;
}

export async function reportMember(
  ctx: { db: Db; clock: () => Date; realtime?: Realtime },
  reporterId: number,
  input: ReportInput,
) {
  const member = await otherMember(
    ctx.db,
    reporterId,
    input.user_id,
    SAFETY_MESSAGES.cannotReportSelf,
  );
  return publishAfterCommit(ctx.realtime, async (events) => {
    const now = ctx.clock();
    const ended = await ctx.db.transaction(async (tx) => {
      await insertReport(tx, {
        reporterId,
        reportedId: member.id,
        reason: input.reason,
        text: input.text || null,
        at: now,
      });
      return input.block ? blockInTransaction(tx, reporterId, member.id, now) : null;
    });
    if (ended) events.add(...(await blockEvents(ctx.db, reporterId, member.id, ended)));
    return {
      message: input.block ? SAFETY_MESSAGES.reportedAndBlocked : SAFETY_MESSAGES.reported,
      blocked: input.block,
    };
  });
}

export async function presentReports(
  db: Executor,
  storage: Storage,
  found: ReportRow[],
  now: Date,
): Promise<AdminReport[]> {
  const reported = found.map((r) => r.reported_id);
  const [pictures, signals] = await Promise.all([
    profilePicturesFor(db, storage, reported, 'thumbnail', { includePending: true }),
    riskSignalsFor(db, reported),
  ]);
  return found.map((r) => {
    const memberSignals = signals.get(r.reported_id)!;
    const created = new Date(r.created_at);
    const resolved = r.resolved_at === null ? null : new Date(r.resolved_at);
    const ageHours = Math.floor(((resolved ?? now).getTime() - created.getTime()) / 3_600_000);
    return {
      id: Number(r.id),
      reported_user: {
        id: r.reported_id,
        username: r.reported_username,
        profile_picture: pictures.get(r.reported_id)?.profile_picture_1 ?? null,
        suspended: r.reported_suspended,
        deleted: r.reported_deleted,
      },
      reporter:
        r.reporter_id === null ? null : { id: r.reporter_id, username: r.reporter_username },
      source: r.source,
      reason: r.reason,
      reason_label: REPORT_REASON_LABELS[r.reason],
      text: r.text,
      times: Number(r.times),
      status: r.status,
      action: r.action,
      note: r.note,
      created_at: created.toISOString(),
      resolved_at: resolved ? resolved.toISOString() : null,
      age_hours: Math.max(0, ageHours),
      overdue: r.status === 'open' && ageHours >= REPORT_TARGET_HOURS,
      signals: memberSignals,
      risk: riskScore(memberSignals),
    };
  });
}

/**
 * The queue: open reports riskiest first (issue 23; the reported member's signals), then
 * oldest first (the 24-hour target); handled ones newest first.
 */
export async function listReports(
  ctx: { db: Db; storage: Storage; clock: () => Date },
  query: { status: ReportStatus; limit: number; offset: number },
) {
  const open = query.status === 'open';
  // Open reports are ordered by risk, computed per member: the oldest OPEN_QUEUE_MAX are
  // read and paged here.
  const { found, total } = await reportsByStatus(
    ctx.db,
    query.status,
    open ? { limit: OPEN_QUEUE_MAX, offset: 0 } : query,
  );
  const reports = await presentReports(ctx.db, ctx.storage, found, ctx.clock());
  return {
    reports: open
      ? reports.sort((a, b) => b.risk - a.risk).slice(query.offset, query.offset + query.limit)
      : reports,
    total,
  };
}

/** The report, row-locked; 404 when missing. */
export async function lockReport(tx: Tx, id: number): Promise<ReportRow> {
  const found = await lockReportRow(tx, id);
  if (!found) throw notFound(SAFETY_MESSAGES.reportNotFound);
  return found;
}

/** Closes an open report with the admin's action; 409 when someone handled it already. */
export async function resolveReport(
  tx: Tx,
  id: number,
  action: ReportAction,
  adminId: number,
  note: string | undefined,
  now: Date,
): Promise<ReportRow> {
  const closed = await closeOpenReport(tx, id, { action, adminId, note: note || null, at: now });
  if (!closed) throw new AppError('CONFLICT', 409, SAFETY_MESSAGES.reportHandled);
  return lockReport(tx, id);
}

/** The warning names the reason and never the reporter. */
export function warnMember(tx: Tx, report: ReportRow): Promise<AlertRow | null> {
  return insertAlert(tx, {
    userId: report.reported_id,
    kind: 'moderation_warning',
    payload: { reason: report.reason },
    message: SAFETY_MESSAGES.warning(REPORT_REASON_LABELS[report.reason].toLowerCase()),
    text: {
      key: 'SAFETY_MESSAGES.warning',
      params: {
        reason: sayText(
          'fr-CA',
          { key: `REPORT_REASON_LABELS.${report.reason}` },
          '',
        ).toLowerCase(),
      },
    },
  });
}
