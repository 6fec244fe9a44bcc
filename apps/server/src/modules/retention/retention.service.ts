// Retention (issue 18): rows that only grow and have stopped meaning anything are deleted
// once they are older than their setting (RETENTION_*_DAYS):
// - sign-in codes past their expiry, and never inside the request limits' windows, which
//   count them (OTP_PHONE_WINDOW_SECONDS, OTP_IP_WINDOW_SECONDS);
// - sessions that ended (revoked, past their absolute lifetime, or idle past
//   SESSION_IDLE_SECONDS): a live session is never touched;
// - notifications sent, skipped or failed (pending ones wait for the outbox worker);
// - finished storage deletions (the record; the object is already gone);
// - socket bids' request keys and answers: a client resends a bid for seconds, not days.
// The ledger, the audit log, payments, redemptions, messages and alerts are kept: they are
// the record of what happened, and some are money. Each kind goes in bounded batches whose
// rows are taken with SKIP LOCKED, so any number of servers may prune at once.
import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Db, rows } from '../../db/client';

/** Rows deleted per statement: short transactions, no long locks. */
const BATCH = 1000;
const DAY_MS = 24 * 3600 * 1000;

export type RetentionConfig = Pick<
  Config,
  | 'RETENTION_OTP_DAYS'
  | 'RETENTION_SESSIONS_DAYS'
  | 'RETENTION_OUTBOX_DAYS'
  | 'RETENTION_STORAGE_DELETIONS_DAYS'
  | 'RETENTION_BID_REQUESTS_DAYS'
  | 'OTP_PHONE_WINDOW_SECONDS'
  | 'OTP_IP_WINDOW_SECONDS'
  | 'SESSION_IDLE_SECONDS'
>;

export interface Pruned {
  otpCodes: number;
  sessions: number;
  notifications: number;
  storageDeletions: number;
  bidRequests: number;
}

const iso = (date: Date) => date.toISOString();
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * The old rows of each kind: a table, the condition that makes a row prunable, and the
 * table's key columns when they are not `id`.
 */
function prunable(
  config: RetentionConfig,
  now: Date,
): Record<keyof Pruned, [string, SQL] | [string, SQL, SQL]> {
  const windowSeconds = Math.max(config.OTP_PHONE_WINDOW_SECONDS, config.OTP_IP_WINDOW_SECONDS);
  const codesBefore = new Date(
    Math.min(
      daysBefore(now, config.RETENTION_OTP_DAYS).getTime(),
      now.getTime() - windowSeconds * 1000,
    ),
  );
  const sessionsBefore = daysBefore(now, config.RETENTION_SESSIONS_DAYS);
  const idle = config.SESSION_IDLE_SECONDS;
  return {
    otpCodes: [
      'otp_codes',
      sql`expires_at < ${iso(codesBefore)}::timestamptz AND created_at < ${iso(codesBefore)}::timestamptz`,
    ],
    // When the session ended: revoked, or its absolute or idle lifetime ran out.
    sessions: [
      'sessions',
      sql`least(revoked_at, expires_at, last_seen_at + make_interval(secs => ${idle}))
            < ${iso(sessionsBefore)}::timestamptz`,
    ],
    notifications: [
      'notification_outbox',
      sql`status IN ('sent', 'skipped', 'failed')
          AND created_at < ${iso(daysBefore(now, config.RETENTION_OUTBOX_DAYS))}::timestamptz`,
    ],
    storageDeletions: [
      'storage_deletions',
      sql`done_at < ${iso(daysBefore(now, config.RETENTION_STORAGE_DELETIONS_DAYS))}::timestamptz`,
    ],
    bidRequests: [
      'bid_requests',
      sql`created_at < ${iso(daysBefore(now, config.RETENTION_BID_REQUESTS_DAYS))}::timestamptz`,
      sql`user_id, request_key`,
    ],
  };
}

/** Deletes one batch of a kind; returns how many went. */
async function pruneBatch(db: Db, table: string, condition: SQL, key = sql`id`): Promise<number> {
  const [deleted] = await rows<{ n: number }>(
    db,
    sql`WITH gone AS (
          DELETE FROM ${sql.identifier(table)} WHERE (${key}) IN (
            SELECT ${key} FROM ${sql.identifier(table)} WHERE ${condition}
             LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  return deleted?.n ?? 0;
}

export async function pruneExpiredRows(
  deps: { db: Db; config: RetentionConfig; clock: () => Date },
  isStopped: () => boolean = () => false,
): Promise<Pruned> {
  const kinds = prunable(deps.config, deps.clock());
  const pruned: Pruned = {
    otpCodes: 0,
    sessions: 0,
    notifications: 0,
    storageDeletions: 0,
    bidRequests: 0,
  };
  for (const kind of Object.keys(kinds) as (keyof Pruned)[]) {
    const [table, condition, key] = kinds[kind];
    for (;;) {
      const batch = await pruneBatch(deps.db, table, condition, key);
      pruned[kind] += batch;
      if (batch < BATCH || isStopped()) break;
    }
  }
  return pruned;
}
