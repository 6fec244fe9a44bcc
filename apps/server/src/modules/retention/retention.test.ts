// Retention (issue 18): with the clock standing at one instant, rows past their setting go
// (spent codes, ended sessions, finished notifications and storage deletions, bid request
// keys) while young rows and live sessions stay, and the ledger and the audit log are
// never touched.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { onPostgres } from '../../../test/database';
import { buildMember } from '../../../test/factories';
import { ledgerProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { startRetentionSweeper } from '../../jobs/retention-sweep';
import { recordAdminAction } from '../audit';
import { applyBalanceChange } from '../tokens/ledger';
import { pruneExpiredRows } from './retention.service';

const NOW = new Date('2025-09-10T12:00:00Z');
const clock = testClock(NOW.toISOString());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {
      SWEEPER_ENABLED: 'false',
      RETENTION_OTP_DAYS: '2',
      RETENTION_SESSIONS_DAYS: '30',
      RETENTION_OUTBOX_DAYS: '7',
      RETENTION_STORAGE_DELETIONS_DAYS: '30',
      RETENTION_BID_REQUESTS_DAYS: '1',
      SESSION_IDLE_SECONDS: String(10 * 24 * 3600),
    },
    { clock: clock.clock },
  );
});
afterAll(() => t.close());

const ago = (days: number, hours = 0) =>
  new Date(NOW.getTime() - (days * 24 + hours) * 3600_000).toISOString();

async function ids(table: string, where = sql`true`): Promise<string[]> {
  const found = await rows<{ id: string | number }>(
    t.database.db,
    sql`SELECT id FROM ${sql.identifier(table)} WHERE ${where} ORDER BY id`,
  );
  return found.map((row) => String(row.id));
}

async function insertCode(label: string, createdDaysAgo: number) {
  await t.database.db.execute(
    sql`INSERT INTO otp_codes (phone_number, code_hash, ip, created_at, expires_at)
        VALUES (${label}, 'x', '203.0.113.1', ${ago(createdDaysAgo)}::timestamptz,
                ${ago(createdDaysAgo)}::timestamptz + interval '5 minutes')`,
  );
}

async function insertSession(
  userId: number,
  times: { created: string; lastSeen: string; expires: string; revoked?: string },
) {
  const [row] = await rows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO sessions (user_id, created_at, last_seen_at, expires_at, revoked_at)
        VALUES (${userId}, ${times.created}::timestamptz, ${times.lastSeen}::timestamptz,
                ${times.expires}::timestamptz, ${times.revoked ?? null}::timestamptz)
        RETURNING id`,
  );
  return row!.id;
}

async function insertNotification(userId: number, status: string, createdDaysAgo: number) {
  const [alert] = await rows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO alerts (user_id, kind, payload, message)
        VALUES (${userId}, 'connection_reward', '{}'::jsonb, 'x') RETURNING id`,
  );
  await t.database.db.execute(sql`DELETE FROM notification_outbox WHERE alert_id = ${alert!.id}`);
  const [row] = await rows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO notification_outbox (user_id, channel, alert_id, status, created_at)
        VALUES (${userId}, 'push', ${alert!.id}, ${status}, ${ago(createdDaysAgo)}::timestamptz)
        RETURNING id`,
  );
  return String(row!.id);
}

async function insertStorageDeletion(key: string, doneDaysAgo: number | null) {
  const [row] = await rows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO storage_deletions (storage_key, reason, created_at, done_at)
        VALUES (${key}, 'account_deleted', ${ago(60)}::timestamptz,
                ${doneDaysAgo === null ? null : ago(doneDaysAgo)}::timestamptz)
        RETURNING id`,
  );
  return String(row!.id);
}

describe('the retention sweeper', () => {
  it('deletes what has outlived its setting and keeps the young, the live and the record', async () => {
    const member = await buildMember(t.database.db);
    // Sign-in codes: 2 days after expiry they go.
    await insertCode('old-code', 3);
    await insertCode('young-code', 1);
    // Sessions: 30 days after they ended (revoked, absolute expiry, 10 days idle) they go.
    const revokedLongAgo = await insertSession(member.id, {
      created: ago(50),
      lastSeen: ago(32),
      expires: ago(-40),
      revoked: ago(31),
    });
    const revokedLately = await insertSession(member.id, {
      created: ago(50),
      lastSeen: ago(30),
      expires: ago(-40),
      revoked: ago(29),
    });
    const expiredLongAgo = await insertSession(member.id, {
      created: ago(130),
      lastSeen: ago(32),
      expires: ago(31),
    });
    const idleLongAgo = await insertSession(member.id, {
      created: ago(60),
      lastSeen: ago(41),
      expires: ago(-30),
    });
    const idleLately = await insertSession(member.id, {
      created: ago(60),
      lastSeen: ago(39),
      expires: ago(-30),
    });
    const { token } = await signIn(t, member.phone_number);
    // Notifications: finished ones 7 days after they were queued; pending ones never.
    const sentLongAgo = await insertNotification(member.id, 'sent', 8);
    const failedLongAgo = await insertNotification(member.id, 'failed', 9);
    const sentLately = await insertNotification(member.id, 'sent', 6);
    const pendingLongAgo = await insertNotification(member.id, 'pending', 20);
    // Storage deletions: finished ones 30 days after; unfinished ones never.
    const doneLongAgo = await insertStorageDeletion('dev/a.webp', 31);
    const doneLately = await insertStorageDeletion('dev/b.webp', 29);
    const stillPending = await insertStorageDeletion('dev/c.webp', null);
    // Bid request keys: a day after the bid they go.
    for (const [key, hoursAgo] of [
      ['00000000-0000-4000-8000-000000000001', 25],
      ['00000000-0000-4000-8000-000000000002', 23],
    ] as const) {
      await t.database.db.execute(
        sql`INSERT INTO bid_requests (user_id, request_key, answer, created_at)
            VALUES (${member.id}, ${key}, '{}'::jsonb, ${ago(0, hoursAgo)}::timestamptz)`,
      );
    }
    // The record: a year-old ledger row and audit entry.
    await t.database.db.transaction(async (tx) => {
      await applyBalanceChange(tx, { userId: member.id, amount: 100, type: 'adjustment' });
      await recordAdminAction(tx, {
        adminId: null,
        action: 'tokens.adjust',
        targetType: 'user',
        targetId: member.id,
      });
    });
    await t.database.db.execute(
      sql`UPDATE token_transactions SET created_at = ${ago(365)}::timestamptz WHERE user_id = ${member.id}`,
    );
    const recordBefore = await rows(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM token_transactions) AS ledger,
                 (SELECT count(*)::int FROM admin_audit_log) AS audit`,
    );

    const sweeper = startRetentionSweeper({
      db: t.database.db,
      config: t.config,
      clock: clock.clock,
      onError: (error) => {
        throw error;
      },
    });
    const pruned = await sweeper.wake();
    await sweeper.stop();

    expect(pruned).toEqual({
      otpCodes: 1,
      sessions: 3,
      notifications: 2,
      storageDeletions: 1,
      bidRequests: 1,
      replacedVideos: 0,
      codeFailures: 0,
      codeLockouts: 0,
      uploadAttempts: 0,
      payeeRecords: 0,
    });
    const keysLeft = await rows<{ request_key: string }>(
      t.database.db,
      sql`SELECT request_key FROM bid_requests WHERE user_id = ${member.id}`,
    );
    expect(keysLeft).toEqual([{ request_key: '00000000-0000-4000-8000-000000000002' }]);
    const codes = await rows<{ phone_number: string }>(
      t.database.db,
      sql`SELECT phone_number FROM otp_codes WHERE phone_number LIKE '%-code'`,
    );
    expect(codes).toEqual([{ phone_number: 'young-code' }]);
    const sessionsLeft = await ids('sessions', sql`user_id = ${member.id}`);
    expect(sessionsLeft).toContain(revokedLately);
    expect(sessionsLeft).toContain(idleLately);
    for (const gone of [revokedLongAgo, expiredLongAgo, idleLongAgo]) {
      expect(sessionsLeft).not.toContain(gone);
    }
    const outboxLeft = await ids('notification_outbox', sql`user_id = ${member.id}`);
    expect(outboxLeft).toEqual([sentLately, pendingLongAgo].sort((a, b) => Number(a) - Number(b)));
    expect(outboxLeft).not.toContain(sentLongAgo);
    expect(outboxLeft).not.toContain(failedLongAgo);
    expect(await ids('storage_deletions')).toEqual([doneLately, stillPending]);
    expect(await ids('storage_deletions')).not.toContain(doneLongAgo);

    // The live session still signs the member in; the record is whole.
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    const recordAfter = await rows(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM token_transactions) AS ledger,
                 (SELECT count(*)::int FROM admin_audit_log) AS audit`,
    );
    expect(recordAfter).toEqual(recordBefore);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('never deletes a code the request limits still count', async () => {
    const config = { ...t.config, RETENTION_OTP_DAYS: 0, OTP_PHONE_WINDOW_SECONDS: 3600 };
    for (const minutesAgo of [50, 70]) {
      await t.database.db.execute(
        sql`INSERT INTO otp_codes (phone_number, code_hash, created_at, expires_at)
            VALUES (${`window-${minutesAgo}`}, 'x',
                    ${new Date(NOW.getTime() - minutesAgo * 60_000).toISOString()}::timestamptz,
                    ${new Date(NOW.getTime() - (minutesAgo - 5) * 60_000).toISOString()}::timestamptz)`,
      );
    }
    await pruneExpiredRows({ db: t.database.db, config, clock: clock.clock });
    const left = await rows<{ phone_number: string }>(
      t.database.db,
      sql`SELECT phone_number FROM otp_codes WHERE phone_number LIKE 'window-%'`,
    );
    expect(left).toEqual([{ phone_number: 'window-50' }]);
  });

  it.skipIf(!onPostgres)('runs on several servers at once, each row deleted once', async () => {
    await t.database.db.execute(
      sql`INSERT INTO otp_codes (phone_number, code_hash, created_at, expires_at)
          SELECT 'bulk-' || n, 'x', ${ago(10)}::timestamptz, ${ago(10)}::timestamptz
            FROM generate_series(1, 3500) AS n`,
    );
    const runs = await Promise.all(
      [0, 1, 2].map(() =>
        pruneExpiredRows({ db: t.database.db, config: t.config, clock: clock.clock }),
      ),
    );
    expect(runs.reduce((sum, run) => sum + run.otpCodes, 0)).toBe(3500);
  });
});
