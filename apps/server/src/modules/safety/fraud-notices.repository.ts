// SQL of fraud removals and holds (issue 42). A removal waits in fraud_removals until the
// notice job has told its contacts; fraud_removal_notices keeps who was told, one row per
// member and removed account (its unique key), so a second run (another server, a retry,
// another removal of the same account handled at the same moment) tells nobody twice.
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';

const iso = (d: Date) => d.toISOString();

export async function recordFraudRemoval(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`INSERT INTO fraud_removals (user_id, removed_at) VALUES (${userId}, ${iso(now)}::timestamptz)`,
  );
}

export interface WaitingRemoval {
  id: number;
  user_id: number;
  removed_at: string;
}

/** The oldest removal not yet told, locked; one another server holds is skipped. */
export async function claimWaitingRemoval(tx: Tx): Promise<WaitingRemoval | undefined> {
  const [row] = await rows<WaitingRemoval>(
    tx,
    sql`SELECT id, user_id, removed_at FROM fraud_removals
         WHERE notified_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
  );
  return row;
}

/**
 * Records a notice for every member who exchanged messages with the removed account in the
 * `days` before its removal (either writing), except those told about this account already
 * (by this removal or another of the same account); the ones newly recorded come back.
 * The unique (removed_user_id, user_id) key decides, not a NOT EXISTS read beforehand: two
 * servers handling two removals of one account at once each read no notice of the other's
 * yet, while the key makes the second insert wait for the first and then skip its row.
 */
export async function recordNotices(
  tx: Tx,
  removal: WaitingRemoval,
  days: number,
  now: Date,
): Promise<number[]> {
  const found = await rows<{ user_id: number }>(
    tx,
    sql`INSERT INTO fraud_removal_notices (removal_id, removed_user_id, user_id, notified_at)
        SELECT ${removal.id}, ${removal.user_id}, other.id, ${iso(now)}::timestamptz
          FROM conversations c
          JOIN users other
            ON other.id = CASE WHEN c.user_a = ${removal.user_id} THEN c.user_b ELSE c.user_a END
         WHERE (c.user_a = ${removal.user_id} OR c.user_b = ${removal.user_id})
           AND other.deleted_at IS NULL
           AND EXISTS (
             SELECT 1 FROM messages m
              WHERE m.cid = c.cid
                AND m.created_at >= ${removal.removed_at}::timestamptz - make_interval(days => ${days})
                AND m.created_at <= ${removal.removed_at}::timestamptz)
        ON CONFLICT (removed_user_id, user_id) DO NOTHING
        RETURNING user_id`,
  );
  return found.map((row) => Number(row.user_id));
}

export async function markRemovalNotified(tx: Tx, removalId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE fraud_removals SET notified_at = ${iso(now)}::timestamptz WHERE id = ${removalId}`,
  );
}
