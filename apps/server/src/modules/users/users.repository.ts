// SQL for reading members.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

export async function findUserById(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByPhone(db: Executor, phone: string) {
  const [row] = await db.select().from(users).where(eq(users.phone_number, phone));
  return row;
}

/** Usernames are unique ignoring case. */
export async function findUserByUsername(db: Executor, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

/** The client's activity ping (every few minutes while a tab is used). */
export async function touchLastActive(db: Executor, id: number, at: Date) {
  await db.update(users).set({ last_active_at: at }).where(eq(users.id, id));
}
