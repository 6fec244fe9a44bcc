// Durable storage deletions (issue 18): an object that must go (an account deletion's
// photos, verification video and the chat images the member sent) is a storage_deletions
// row written in the transaction that makes it unwanted, so a crash or a storage outage
// cannot leave it behind unnoticed. The sweeper (jobs/storage-deletion-sweep) claims due
// rows with SKIP LOCKED, deletes the objects and stamps done_at; a failure is retried with
// backoff and logged by row id and error kind, never by key. Deleting an object that is
// already gone succeeds, so a row retried after a lost claim deletes nothing it should not.
import type { Storage } from '../../adapters/storage/storage.port';
import type { Db, Executor } from '../../db/client';
import {
  claimDueDeletions,
  insertStorageDeletions,
  markDeletionDone,
  markDeletionFailed,
} from './storage-deletions.repository';

const BATCH = 50;
/** A claimed row is due again after this, should its server die mid-delete. */
const CLAIM_SECONDS = 300;
const BACKOFF_FIRST_SECONDS = 30;
const BACKOFF_MAX_SECONDS = 6 * 3600;
/** From this many failed attempts a failure is logged as an error: someone should look. */
export const STORAGE_DELETION_ALERT_ATTEMPTS = 10;

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/** Call with the transaction that makes the objects unwanted; a key already queued is kept once. */
export async function queueStorageDeletions(
  tx: Executor,
  keys: readonly string[],
  reason: string,
  now: Date,
): Promise<void> {
  if (keys.length === 0) return;
  await insertStorageDeletions(tx, keys, reason, now);
}

export function retryDelaySeconds(attempts: number): number {
  return Math.min(BACKOFF_FIRST_SECONDS * 2 ** Math.max(attempts - 1, 0), BACKOFF_MAX_SECONDS);
}

/** What a failure is, without what it was about: the error's name and code. */
export function failureKind(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const { code, $metadata } = error as { code?: unknown; $metadata?: { httpStatusCode?: number } };
  const detail = typeof code === 'string' ? code : $metadata?.httpStatusCode;
  return detail === undefined ? error.name : `${error.name} ${detail}`;
}

export interface StorageDeletionFailure {
  id: number;
  attempts: number;
  kind: string;
  retryInSeconds: number;
}

/** Deletes every due object; returns how many were deleted and how many failed. */
export async function deleteQueuedObjects(deps: {
  db: Db;
  storage: Storage;
  clock: () => Date;
  onFailure: (failure: StorageDeletionFailure) => void;
  isStopped?: () => boolean;
}): Promise<{ deleted: number; failed: number }> {
  const outcome = { deleted: 0, failed: 0 };
  for (;;) {
    const now = deps.clock();
    const claimed = await claimDueDeletions(deps.db, {
      now,
      dueAgainAt: later(now, CLAIM_SECONDS),
      limit: BATCH,
    });
    for (const row of claimed) {
      try {
        await deps.storage.delete(row.storage_key);
        await markDeletionDone(deps.db, row, deps.clock());
        outcome.deleted += 1;
      } catch (error) {
        const kind = failureKind(error);
        const retryInSeconds = retryDelaySeconds(row.attempts);
        await markDeletionFailed(deps.db, row, {
          kind,
          retryAt: later(deps.clock(), retryInSeconds),
        });
        outcome.failed += 1;
        deps.onFailure({ id: Number(row.id), attempts: row.attempts, kind, retryInSeconds });
      }
    }
    if (claimed.length < BATCH || deps.isStopped?.()) return outcome;
  }
}
