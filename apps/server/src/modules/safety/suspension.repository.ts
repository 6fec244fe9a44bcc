// SQL of suspensions: guarded updates of the member row, so a second suspend or restore
// changes nothing.
import type { SuspensionCategory } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';

export interface SuspensionState {
  id: number;
  suspended_at: Date | null;
  suspension_reason: string | null;
}

/** Suspends a member who is neither suspended nor deleted; undefined otherwise. */
export async function markSuspended(
  tx: Tx,
  userId: number,
  reason: string,
  category: SuspensionCategory,
  now: Date,
): Promise<SuspensionState | undefined> {
  const [after] = await rows<SuspensionState>(
    tx,
    sql`UPDATE users SET suspended_at = ${now.toISOString()}::timestamptz,
               suspension_reason = ${reason}, suspension_category = ${category},
               updated_at = now()
         WHERE id = ${userId} AND suspended_at IS NULL AND deleted_at IS NULL
     RETURNING id, suspended_at, suspension_reason`,
  );
  return after;
}

/** Lifts a suspension; undefined when the member was not suspended (or is deleted). */
export async function clearSuspension(
  tx: Tx,
  userId: number,
): Promise<SuspensionState | undefined> {
  const [after] = await rows<SuspensionState>(
    tx,
    sql`UPDATE users SET suspended_at = NULL, suspension_reason = NULL,
               suspension_category = NULL, updated_at = now()
         WHERE id = ${userId} AND suspended_at IS NOT NULL AND deleted_at IS NULL
     RETURNING id, suspended_at, suspension_reason`,
  );
  return after;
}
