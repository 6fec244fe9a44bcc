// Product rules, "Running for real": the first admin of an empty database comes from the
// operator CLI (`create-admin <phone>`: an approved admin, no referral), and numbers in
// ADMIN_PHONES may join without a referral; every other new number still gets the spec's
// 'Account not found.'.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestCodeFor, signIn, type TestApp } from '../../../test/app';
import { createTestDatabase, onPostgres } from '../../../test/database';
import { buildMember, uniquePhone } from '../../../test/factories';
import { openDatabase, rows } from '../../db/client';
import { createAdmin, removeAdmin } from './operator-admins.service';

const LISTED = uniquePhone();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PHONES: LISTED, SWEEPER_ENABLED: 'false' });
});
afterAll(() => t.close());

async function memberRow(id: number) {
  const [row] = await rows<Record<string, unknown>>(
    t.database.db,
    sql`SELECT role, is_approved, referred_by, admin_granted_at IS NOT NULL AS granted
          FROM users WHERE id = ${id}`,
  );
  return row;
}

async function auditOf(id: number) {
  return rows<{ action: string; admin_id: number | null }>(
    t.database.db,
    sql`SELECT action, admin_id FROM admin_audit_log
         WHERE target_type = 'user' AND target_id = ${String(id)} ORDER BY id`,
  );
}

describe('create-admin', () => {
  it('makes an approved admin without a referral, who signs in as admin', async () => {
    const phone = uniquePhone();
    const made = await createAdmin(t.database.db, phone, new Date());
    expect(made).toEqual({ id: made.id, created: true, role: 'admin', is_approved: true });
    expect(await memberRow(made.id)).toEqual({
      role: 'admin',
      is_approved: true,
      referred_by: null,
      granted: true,
    });
    // Not in ADMIN_PHONES, and still admin after signing in.
    const { user } = await signIn(t, phone);
    expect(user).toMatchObject({ id: made.id, role: 'admin' });
    expect(await auditOf(made.id)).toEqual([{ action: 'member.grant_admin', admin_id: null }]);
  });

  it('is idempotent, and accepts the number as people write it', async () => {
    const phone = uniquePhone();
    const written = `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    const first = await createAdmin(t.database.db, phone, new Date());
    const again = await createAdmin(t.database.db, written, new Date());
    expect(again).toEqual({ ...first, created: false });
    const [count] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM users WHERE phone_number = ${phone}`,
    );
    expect(count!.n).toBe(1);
  });

  it('makes an existing member an approved admin', async () => {
    const member = await buildMember(t.database.db, { is_approved: false });
    const made = await createAdmin(t.database.db, member.phone_number, new Date());
    expect(made).toMatchObject({ id: member.id, created: false, role: 'admin' });
    expect(await memberRow(member.id)).toMatchObject({ role: 'admin', is_approved: true });
    expect((await auditOf(member.id)).map((entry) => entry.action)).toEqual([
      'member.grant_admin',
      'member.approve',
    ]);
  });

  it('refuses a number that is not one', async () => {
    await expect(createAdmin(t.database.db, '555-1234', new Date())).rejects.toMatchObject({
      status: 400,
    });
  });

  it('is taken back by remove-admin; ADMIN_PHONES still rules at sign-in', async () => {
    const phone = uniquePhone();
    const made = await createAdmin(t.database.db, phone, new Date());
    expect(await removeAdmin(t.database.db, t.config, phone)).toMatchObject({ role: 'member' });
    expect((await signIn(t, phone)).user.role).toBe('member');
    expect(await memberRow(made.id)).toMatchObject({ role: 'member', granted: false });
  });
});

describe('joining without a referral', () => {
  it('is open to numbers in ADMIN_PHONES, who join as admins', async () => {
    const { user } = await signIn(t, LISTED);
    expect(user.role).toBe('admin');
    expect(await memberRow(user.id)).toMatchObject({ referred_by: null });
  });

  it("is refused to everyone else with 'Account not found.'", async () => {
    const phone = uniquePhone();
    const otp = await requestCodeFor(t, phone);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { phone_number: phone, otp },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.accountNotFound);
    expect(MESSAGES.accountNotFound).toBe('Account not found.');
  });
});

describe('npm run admin -- create-admin', () => {
  it('creates the first admin of an empty database', async () => {
    // A migrated copy on PostgreSQL; PGlite starts empty in a folder of its own.
    const target = onPostgres ? await createTestDatabase({ poolSize: 1 }) : undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bidboard-cli-'));
    const phone = uniquePhone();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'create-admin', phone],
      {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: {
          ...process.env,
          NODE_ENV: 'development',
          DATA_DIR: dataDir,
          DATABASE_URL: target?.url ?? '',
        },
      },
    );
    const made = JSON.parse(stdout) as { id: number; created: boolean };
    expect(made).toMatchObject({ created: true, role: 'admin', is_approved: true });
    expect(stdout).not.toContain(phone.slice(2));
    const database = target ?? openDatabase({ dataDir });
    const [row] = await rows<{ role: string; referred_by: number | null }>(
      database.db,
      sql`SELECT role, referred_by FROM users WHERE phone_number = ${phone}`,
    );
    await database.close();
    expect(row).toEqual({ role: 'admin', referred_by: null });
  });
});
