// Two servers sharing one database (issue 42): an account removed twice for fraud (suspended
// on one server, then deleted on the other) leaves two removals waiting, and the two
// servers' notice jobs each claim one of them at the same moment. A member who wrote to the
// account is told once all the same ("sent once per member per removed account").
//
// On PostgreSQL the two jobs are held in step: a transaction of the test locks the member's
// row, so each job's insert of its notice waits (on the notice's reference to the member)
// after deciding whom to tell, until both are there. PGlite has one connection: its
// transactions cannot overlap, and the two jobs simply run.
import { conversationId, FRAUD_ALERT_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { onPostgres } from '../../../test/database';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import { buildApp } from '../../app';
import { type Database, openDatabase, rows } from '../../db/client';
import { sendFraudRemovalNotices } from './fraud-notices.service';

const clock = testClock('2026-03-10T15:00:00Z');
let a: TestApp;
let b: Awaited<ReturnType<typeof buildApp>>;
// On PostgreSQL the second server has a pool of its own, as another process would.
let bDatabase: Database;
let admin: Record<string, string>;
beforeAll(async () => {
  a = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock, poolSize: 6 });
  bDatabase = a.database.url ? openDatabase({ url: a.database.url, poolSize: 4 }) : a.database;
  b = await buildApp({ config: a.config, database: bDatabase, sms: a.sms, clock: clock.clock });
  await b.ready();
  const row = await buildMember(a.database.db, { onboarded: 14, is_approved: true });
  const { token } = await signIn(a, row.phone_number);
  await a.database.db.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${row.id}`);
  admin = { authorization: `Bearer ${token}` };
});
afterAll(async () => {
  await b?.close();
  if (bDatabase !== a?.database) await bDatabase?.close();
  await a?.close();
});

async function exchanged(from: number, to: number) {
  const [x, y] = from < to ? [from, to] : [to, from];
  const cid = conversationId(x, y);
  await a.database.db.execute(
    sql`INSERT INTO conversations (cid, user_a, user_b, message_count, created_at, updated_at)
        VALUES (${cid}, ${x}, ${y}, 1, now(), now())`,
  );
  await a.database.db.execute(
    sql`INSERT INTO messages (cid, seq, sender_id, text, created_at)
        VALUES (${cid}, 1, ${from}, 'hello', ${clock.clock().toISOString()}::timestamptz)`,
  );
}

const remove = (server: typeof b, userId: number, action: 'suspend' | 'delete') =>
  server.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/${action}`,
    headers: admin,
    payload: { reason: 'Asked members for gift cards', category: 'fraud_or_scam' },
  });

/** Other sessions of this database waiting for a lock, once `count` of them are. */
async function waitForLockWaiters(count: number, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await rows<{ n: number }>(
      a.database.db,
      sql`SELECT COUNT(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (row!.n >= count || Date.now() > until) return row!.n;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Both servers' notice jobs at once, held in step (see the header) on PostgreSQL. */
async function noticeJobsInStep(heldMemberId: number) {
  const jobs = () =>
    Promise.all([
      sendFraudRemovalNotices({ db: a.database.db, clock: clock.clock }),
      sendFraudRemovalNotices({ db: bDatabase.db, clock: clock.clock }),
    ]);
  if (!onPostgres) return { handled: await jobs(), waiters: 0 };
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => {
    locked = r;
  });
  const holder = a.database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${heldMemberId} FOR UPDATE`);
    locked();
    await released;
  });
  await isLocked;
  const running = jobs();
  try {
    const waiters = await waitForLockWaiters(2);
    release();
    return { waiters, handled: await running };
  } finally {
    release();
    await holder;
  }
}

describe('two removals of one account handled by two servers at once', () => {
  it('tell a member who wrote to it once', async () => {
    const scammer = await buildMember(a.database.db, { onboarded: 14 });
    const wrote = await buildMember(a.database.db);
    await exchanged(wrote.id, scammer.id);
    // Suspended for fraud on one server, deleted for fraud on the other: two removals wait.
    expect((await remove(a.app, scammer.id, 'suspend')).statusCode).toBe(200);
    expect((await remove(b, scammer.id, 'delete')).statusCode).toBe(200);
    const [waiting] = await rows<{ n: number }>(
      a.database.db,
      sql`SELECT COUNT(*)::int AS n FROM fraud_removals
           WHERE user_id = ${scammer.id} AND notified_at IS NULL`,
    );
    expect(waiting!.n).toBe(2);

    const { handled, waiters } = await noticeJobsInStep(wrote.id);
    // Each server handled one of the two removals, the two jobs overlapping.
    expect(handled.sort()).toEqual([1, 1]);
    if (onPostgres) expect(waiters).toBe(2);

    const alerts = await rows<{ message: string }>(
      a.database.db,
      sql`SELECT message FROM alerts WHERE user_id = ${wrote.id} AND kind = 'fraud_removal'`,
    );
    expect(alerts).toEqual([{ message: FRAUD_ALERT_MESSAGES.removed }]);
    const [notices] = await rows<{ n: number }>(
      a.database.db,
      sql`SELECT COUNT(*)::int AS n FROM fraud_removal_notices WHERE user_id = ${wrote.id}`,
    );
    expect(notices!.n).toBe(1);
  });
});
