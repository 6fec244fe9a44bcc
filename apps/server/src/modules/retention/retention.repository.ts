// SQL of retention: which rows of each kind are old enough to go, and the bounded batch
// that deletes them. Rows are taken with SKIP LOCKED, so any number of servers may prune
// at once.
import type { PayeeCountry } from '@bidboard/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';

/** Rows deleted per statement: short transactions, no long locks. */
export const PRUNE_BATCH = 1000;

/** The instants before which each kind's rows go (the service applies the settings). */
export interface RetentionCutoffs {
  codesBefore: Date;
  sessionsBefore: Date;
  sessionIdleSeconds: number;
  notificationsBefore: Date;
  storageDeletionsBefore: Date;
  bidRequestsBefore: Date;
  replacedVideosBefore: Date;
  codeFailuresBefore: Date;
  uploadAttemptsBefore: Date;
  /** A deleted member's payee profile goes when no payout was paid on or after this. */
  payeeRecordsBefore: Record<PayeeCountry, Date>;
}

/** A table, the condition that makes a row prunable, and its key columns. */
export interface PrunableRows {
  table: string;
  condition: SQL;
  key: SQL;
}

const iso = (date: Date) => date.toISOString();

/** The old rows of each kind, in the order they are pruned. */
export function prunableRows(cutoffs: RetentionCutoffs) {
  const { codesBefore, sessionsBefore, sessionIdleSeconds: idle } = cutoffs;
  return {
    otpCodes: {
      table: 'otp_codes',
      condition: sql`expires_at < ${iso(codesBefore)}::timestamptz AND created_at < ${iso(codesBefore)}::timestamptz`,
      key: sql`id`,
    },
    // When the session ended: revoked, or its absolute or idle lifetime ran out.
    sessions: {
      table: 'sessions',
      condition: sql`least(revoked_at, expires_at, last_seen_at + make_interval(secs => ${idle}))
            < ${iso(sessionsBefore)}::timestamptz`,
      key: sql`id`,
    },
    notifications: {
      table: 'notification_outbox',
      condition: sql`status IN ('sent', 'skipped', 'failed')
          AND created_at < ${iso(cutoffs.notificationsBefore)}::timestamptz`,
      key: sql`id`,
    },
    storageDeletions: {
      table: 'storage_deletions',
      condition: sql`done_at < ${iso(cutoffs.storageDeletionsBefore)}::timestamptz`,
      key: sql`id`,
    },
    bidRequests: {
      table: 'bid_requests',
      condition: sql`created_at < ${iso(cutoffs.bidRequestsBefore)}::timestamptz`,
      key: sql`user_id, request_key`,
    },
    replacedVideos: {
      table: 'verification_videos',
      condition: sql`superseded_at IS NOT NULL
          AND created_at < ${iso(cutoffs.replacedVideosBefore)}::timestamptz`,
      key: sql`id`,
    },
    codeFailures: {
      table: 'otp_failures',
      condition: sql`failed_at < ${iso(cutoffs.codeFailuresBefore)}::timestamptz`,
      key: sql`id`,
    },
    codeLockouts: {
      table: 'otp_lockouts',
      condition: sql`locked_until < ${iso(cutoffs.codeFailuresBefore)}::timestamptz`,
      key: sql`phone_number`,
    },
    uploadAttempts: {
      table: 'media_upload_attempts',
      condition: sql`created_at < ${iso(cutoffs.uploadAttemptsBefore)}::timestamptz`,
      key: sql`id`,
    },
    // Kept for the tax records while a payout is on its way or its year's records must be.
    payeeRecords: {
      table: 'payee_identities',
      condition: sql`user_id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL)
          AND NOT EXISTS (
            SELECT 1 FROM redemptions r
             WHERE r.user_id = payee_identities.user_id
               AND (r.status = 'pending'
                 OR (r.status = 'paid' AND r.decided_at >= CASE payee_identities.country
                       WHEN 'US' THEN ${iso(cutoffs.payeeRecordsBefore.US)}::timestamptz
                       ELSE ${iso(cutoffs.payeeRecordsBefore.CA)}::timestamptz END)))`,
      key: sql`user_id`,
    },
  } satisfies Record<string, PrunableRows>;
}

/** Deletes one batch of a kind; returns how many went. */
export async function pruneBatch(db: Db, { table, condition, key }: PrunableRows): Promise<number> {
  const [deleted] = await rows<{ n: number }>(
    db,
    sql`WITH gone AS (
          DELETE FROM ${sql.identifier(table)} WHERE (${key}) IN (
            SELECT ${key} FROM ${sql.identifier(table)} WHERE ${condition}
             LIMIT ${PRUNE_BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  return deleted?.n ?? 0;
}
