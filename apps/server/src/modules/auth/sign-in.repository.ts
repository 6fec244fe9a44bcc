// SQL of the member rows sign-in writes: a new member, the referrer's invite spent on
// them, and the role ADMIN_PHONES or the operator gives.
import type { Language } from '@bidboard/shared/i18n/languages';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';

type NewMember = typeof users.$inferInsert;

export async function insertMember(tx: Tx, member: NewMember) {
  const [inserted] = await tx.insert(users).values(member).returning();
  return inserted!;
}

export async function setMemberRole(tx: Tx, userId: number, role: 'admin' | 'member') {
  await tx.update(users).set({ role }).where(eq(users.id, userId));
}

/** The language the member picked on the sign-in page, before their stored one came. */
export async function setMemberLanguage(tx: Tx, userId: number, language: Language) {
  await tx.update(users).set({ language, language_chosen: true }).where(eq(users.id, userId));
}

/**
 * Spends one invite of the member named `username` (any case) if they have one left;
 * returns their id, or undefined. The guarded update keeps two sign-ups from both
 * spending the last invite.
 */
export async function takeInvite(tx: Tx, username: string) {
  const [referrer] = await tx
    .update(users)
    .set({ invites_left: sql`${users.invites_left} - 1` })
    .where(sql`lower(${users.username}) = lower(${username}) AND ${users.invites_left} > 0`)
    .returning({ id: users.id });
  return referrer;
}
