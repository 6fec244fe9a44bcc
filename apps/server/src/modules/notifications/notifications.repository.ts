// SQL for push subscriptions and the SMS opt-out flags.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pushSubscriptions, users } from '../../db/schema';

/**
 * Saves a subscription for the member. An endpoint already held by the same member is
 * refreshed; one held by another member is left alone (`false`).
 */
export async function upsertSubscription(
  db: Executor,
  row: {
    user_id: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    user_agent: string | null;
  },
): Promise<boolean> {
  const saved = await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      // A device that subscribes again counts as the newest (the cap keeps the newest).
      set: {
        p256dh: row.p256dh,
        auth: row.auth,
        user_agent: row.user_agent,
        created_at: sql`now()`,
      },
      setWhere: sql`${pushSubscriptions.user_id} = ${row.user_id}`,
    })
    .returning({ id: pushSubscriptions.id });
  return saved.length > 0;
}

/** Deletes all but the member's `keep` newest subscriptions; returns how many went. */
export async function keepNewestSubscriptions(db: Executor, userId: number, keep: number) {
  const removed = await db.execute(
    sql`DELETE FROM push_subscriptions
         WHERE user_id = ${userId}
           AND id NOT IN (SELECT id FROM push_subscriptions WHERE user_id = ${userId}
                           ORDER BY created_at DESC, id DESC LIMIT ${keep})`,
  );
  return removed;
}

/** Serialises one member's subscription changes, so the cap holds under parallel calls. */
export async function lockMember(db: Executor, userId: number) {
  await db.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
}

export async function deleteSubscription(db: Executor, userId: number, endpoint: string) {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user_id, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length;
}

export async function deleteSubscriptionById(db: Executor, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function subscriptionsOf(db: Executor, userId: number) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, userId));
}

export async function setSmsOptOut(db: Executor, phone: string, stopped: boolean) {
  const changes = stopped ? { twilio_stop: true, sms_notification: false } : { twilio_stop: false };
  const updated = await db
    .update(users)
    .set({ ...changes, updated_at: sql`now()` })
    .where(eq(users.phone_number, phone))
    .returning({ id: users.id });
  return updated.length;
}
