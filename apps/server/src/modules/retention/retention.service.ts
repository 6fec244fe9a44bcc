// Retention (issue 18): rows that only grow and have stopped meaning anything are deleted
// once they are older than their setting (RETENTION_*_DAYS):
// - sign-in codes past their expiry, and never inside the request limits' windows, which
//   count them (OTP_PHONE_WINDOW_SECONDS, OTP_IP_WINDOW_SECONDS);
// - sessions that ended (revoked, past their absolute lifetime, or idle past
//   SESSION_IDLE_SECONDS): a live session is never touched;
// - notifications sent, skipped or failed (pending ones wait for the outbox worker);
// - finished storage deletions (the record; the object is already gone);
// - socket bids' request keys and answers: a client resends a bid for seconds, not days;
// - verification videos a newer one replaced (their files went when they were replaced),
//   once past the 24 hours in which the daily limit counts them;
// - wrong sign-in codes and ended lockouts past the longest window the lockout setting
//   allows (CODE_FAILURES_MAX_WINDOW_HOURS), so a number is kept no longer than it counts;
// - photo and chat image upload attempts after a day (the limits count one hour);
// - a deleted member's payee profile (issue 43) once no payout is on its way and the tax
//   records of their last payout's year need not be kept any more: the end of that New York
//   year plus PAYEE_RECORD_RETENTION_YEARS_US or _CA, by the profile's country.
// The ledger, the audit log, payments, redemptions, messages and alerts are kept: they are
// the record of what happened, and some are money. Each kind goes in bounded batches whose
// rows are taken with SKIP LOCKED, so any number of servers may prune at once.
import { CODE_FAILURES_MAX_WINDOW_HOURS } from '@bidboard/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { newYorkYear, newYorkYearBounds } from '../../lib/new-york-date';
import {
  PRUNE_BATCH,
  type PrunableRows,
  prunableRows,
  pruneBatch,
  type RetentionCutoffs,
} from './retention.repository';

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
  | 'PAYEE_RECORD_RETENTION_YEARS_US'
  | 'PAYEE_RECORD_RETENTION_YEARS_CA'
>;

export interface Pruned {
  otpCodes: number;
  sessions: number;
  notifications: number;
  storageDeletions: number;
  bidRequests: number;
  replacedVideos: number;
  codeFailures: number;
  codeLockouts: number;
  uploadAttempts: number;
  payeeRecords: number;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Before when each kind's rows go, from the settings. */
function cutoffs(config: RetentionConfig, now: Date): RetentionCutoffs {
  const windowSeconds = Math.max(config.OTP_PHONE_WINDOW_SECONDS, config.OTP_IP_WINDOW_SECONDS);
  return {
    codesBefore: new Date(
      Math.min(
        daysBefore(now, config.RETENTION_OTP_DAYS).getTime(),
        now.getTime() - windowSeconds * 1000,
      ),
    ),
    sessionsBefore: daysBefore(now, config.RETENTION_SESSIONS_DAYS),
    sessionIdleSeconds: config.SESSION_IDLE_SECONDS,
    notificationsBefore: daysBefore(now, config.RETENTION_OUTBOX_DAYS),
    storageDeletionsBefore: daysBefore(now, config.RETENTION_STORAGE_DELETIONS_DAYS),
    bidRequestsBefore: daysBefore(now, config.RETENTION_BID_REQUESTS_DAYS),
    replacedVideosBefore: daysBefore(now, 1),
    codeFailuresBefore: daysBefore(now, CODE_FAILURES_MAX_WINDOW_HOURS / 24),
    uploadAttemptsBefore: daysBefore(now, 1),
    payeeRecordsBefore: {
      US: newYorkYearBounds(newYorkYear(now) - config.PAYEE_RECORD_RETENTION_YEARS_US).start,
      CA: newYorkYearBounds(newYorkYear(now) - config.PAYEE_RECORD_RETENTION_YEARS_CA).start,
    },
  };
}

export async function pruneExpiredRows(
  deps: { db: Db; config: RetentionConfig; clock: () => Date },
  isStopped: () => boolean = () => false,
): Promise<Pruned> {
  const kinds: Record<keyof Pruned, PrunableRows> = prunableRows(
    cutoffs(deps.config, deps.clock()),
  );
  const pruned: Pruned = {
    otpCodes: 0,
    sessions: 0,
    notifications: 0,
    storageDeletions: 0,
    bidRequests: 0,
    replacedVideos: 0,
    codeFailures: 0,
    codeLockouts: 0,
    uploadAttempts: 0,
    payeeRecords: 0,
  };
  for (const kind of Object.keys(kinds) as (keyof Pruned)[]) {
    for (;;) {
      const batch = await pruneBatch(deps.db, kinds[kind]);
      pruned[kind] += batch;
      if (batch < PRUNE_BATCH || isStopped()) break;
    }
  }
  return pruned;
}
