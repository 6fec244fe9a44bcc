// SQL of the durable storage deletions: one storage_deletions row per object to delete,
// claimed by a sweeper and stamped done. Every write after the claim is guarded by it.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

const iso = (date: Date) => date.toISOString();

/** Queues each key once: a key already waiting keeps its row. */
export async function insertStorageDeletions(
  tx: Executor,
  keys: readonly string[],
  reason: string,
  now: Date,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO storage_deletions (storage_key, reason, next_attempt_at, created_at)
        SELECT DISTINCT key, ${reason}, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
          FROM unnest(${`{${keys.map((key) => JSON.stringify(key)).join(',')}}`}::text[]) AS key
        ON CONFLICT (storage_key) WHERE done_at IS NULL DO NOTHING`,
  );
}

interface ClaimedDeletion {
  id: number;
  storage_key: string;
  attempts: number;
}

/**
 * Claims up to `limit` rows due at `now`, counting an attempt and making each due again at
 * `dueAgainAt` should its server die mid-delete. SKIP LOCKED: servers claim different rows.
 */
export async function claimDueDeletions(
  db: Executor,
  input: { now: Date; dueAgainAt: Date; limit: number },
): Promise<ClaimedDeletion[]> {
  return rows<ClaimedDeletion>(
    db,
    sql`UPDATE storage_deletions d
           SET attempts = d.attempts + 1,
               next_attempt_at = ${iso(input.dueAgainAt)}::timestamptz
         WHERE d.id IN (
           SELECT id FROM storage_deletions
            WHERE done_at IS NULL AND next_attempt_at <= ${iso(input.now)}::timestamptz
            ORDER BY next_attempt_at, id
            LIMIT ${input.limit}
            FOR UPDATE SKIP LOCKED)
     RETURNING d.id, d.storage_key, d.attempts`,
  );
}

/** Still this claim's: a row another server re-claimed is finished by that server. */
const claimedBy = (row: ClaimedDeletion) =>
  sql`id = ${row.id} AND attempts = ${row.attempts} AND done_at IS NULL`;

export async function markDeletionDone(
  db: Executor,
  row: ClaimedDeletion,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE storage_deletions SET done_at = ${iso(now)}::timestamptz,
               last_error = NULL
         WHERE ${claimedBy(row)}`,
  );
}

export async function markDeletionFailed(
  db: Executor,
  row: ClaimedDeletion,
  failure: { kind: string; retryAt: Date },
): Promise<void> {
  await db.execute(
    sql`UPDATE storage_deletions SET last_error = ${failure.kind},
               next_attempt_at = ${iso(failure.retryAt)}::timestamptz
         WHERE ${claimedBy(row)}`,
  );
}
