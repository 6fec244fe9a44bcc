// SQL for profile edits.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { profileImages, verificationVideos } from '../../db/media.schema';
import { users } from '../../db/schema';

export async function lockMember(tx: Executor, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function saveMember(
  tx: Executor,
  id: number,
  changes: Partial<typeof users.$inferInsert>,
) {
  const [row] = await tx
    .update(users)
    .set({ ...changes, updated_at: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function hasSlotOnePhoto(tx: Executor, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: profileImages.id })
    .from(profileImages)
    .where(
      and(
        eq(profileImages.user_id, userId),
        eq(profileImages.display_order, 1),
        eq(profileImages.is_active, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function usernameTaken(
  tx: Executor,
  username: string,
  exceptId: number,
): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) AND ${users.id} <> ${exceptId}`)
    .limit(1);
  return rows.length > 0;
}

/** The member's latest verification video exists and was not rejected (step 11). */
export async function hasVerificationVideo(tx: Executor, userId: number): Promise<boolean> {
  const [latest] = await tx
    .select({ status: verificationVideos.verification_status })
    .from(verificationVideos)
    .where(eq(verificationVideos.user_id, userId))
    .orderBy(desc(verificationVideos.id))
    .limit(1);
  return latest !== undefined && latest.status !== 'rejected';
}
