// SQL of upload slots: one row per presigned verification-video upload still expected.
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { uploadSlots } from '../../db/media.schema';

/** Takes the member's row lock (FOR UPDATE), under which their open slots are counted. */
export async function lockSlotOwner(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
}

/** How many of the member's slots have not expired at `now`. */
export async function countOpenSlots(tx: Executor, userId: number, now: Date): Promise<number> {
  const [open] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(uploadSlots)
    .where(and(eq(uploadSlots.user_id, userId), gt(uploadSlots.expires_at, now)));
  return open?.count ?? 0;
}

export async function insertSlot(
  tx: Executor,
  slot: { userId: number; key: string; expiresAt: Date },
): Promise<void> {
  await tx
    .insert(uploadSlots)
    .values({ user_id: slot.userId, storage_key: slot.key, expires_at: slot.expiresAt });
}

/** Claims the member's unexpired slot for `key`; false when there is none (expired, swept). */
export async function claimUploadSlot(
  db: Executor,
  userId: number,
  key: string,
  now: Date,
): Promise<boolean> {
  const claimed = await db
    .delete(uploadSlots)
    .where(
      and(
        eq(uploadSlots.user_id, userId),
        eq(uploadSlots.storage_key, key),
        gt(uploadSlots.expires_at, now),
      ),
    )
    .returning({ id: uploadSlots.id });
  return claimed.length > 0;
}

/**
 * Up to `limit` slots expired at `now`, oldest expiry first, locked for the transaction.
 * SKIP LOCKED: several servers may sweep at once, each taking different rows.
 */
export async function lockExpiredSlots(tx: Executor, now: Date, limit: number) {
  return tx
    .select({ id: uploadSlots.id, key: uploadSlots.storage_key })
    .from(uploadSlots)
    .where(lte(uploadSlots.expires_at, now))
    .orderBy(uploadSlots.expires_at)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function deleteSlots(tx: Executor, ids: number[]): Promise<void> {
  await tx.delete(uploadSlots).where(inArray(uploadSlots.id, ids));
}
