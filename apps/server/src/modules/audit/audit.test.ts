// The audit log keeps what admins did and refuses to be rewritten, even by hand.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { buildMember } from '../../../test/factories';
import { listAuditLog, recordAdminAction } from './audit.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('admin audit log', () => {
  it('records an action inside the caller transaction and lists it newest first', async () => {
    const admin = await buildMember(database.db, { role: 'admin' });
    await database.db.transaction(async (tx) => {
      await recordAdminAction(tx, {
        adminId: admin.id,
        action: 'settings.update',
        targetType: 'settings',
        targetId: null,
        before: { daily_claim_amount: 10 },
        after: { daily_claim_amount: 20 },
      });
      await recordAdminAction(tx, {
        adminId: admin.id,
        action: 'member.approve',
        targetType: 'user',
        targetId: 42,
      });
    });
    const entries = await listAuditLog(database.db, { limit: 10, offset: 0 });
    expect(entries.map((e) => e.action)).toEqual(['member.approve', 'settings.update']);
    expect(entries[0]).toMatchObject({ target_id: '42', before: null, after: null });
    expect(entries[1]).toMatchObject({
      admin_id: admin.id,
      admin_username: admin.username,
      before: { daily_claim_amount: 10 },
      after: { daily_claim_amount: 20 },
    });
    const older = await listAuditLog(database.db, {
      limit: 10,
      offset: 0,
      before_id: entries[0]!.id,
    });
    expect(older.map((e) => e.action)).toEqual(['settings.update']);
  });

  it('writes nothing when the action rolls back', async () => {
    const before = (await listAuditLog(database.db, { limit: 200, offset: 0 })).length;
    await expect(
      database.db.transaction(async (tx) => {
        await recordAdminAction(tx, {
          adminId: null,
          action: 'member.reject',
          targetType: 'user',
          targetId: 1,
        });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect((await listAuditLog(database.db, { limit: 200, offset: 0 })).length).toBe(before);
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await recordAdminAction(database.db, {
      adminId: null,
      action: 'period.close',
      targetType: 'period',
      targetId: 1,
    });
    await expect(
      database.db.execute(sql`UPDATE admin_audit_log SET action = 'nothing'`),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`DELETE FROM admin_audit_log`)).rejects.toThrow();
    await expect(database.db.execute(sql`TRUNCATE admin_audit_log`)).rejects.toThrow();
    const entries = await listAuditLog(database.db, { limit: 200, offset: 0 });
    expect(entries.some((e) => e.action === 'nothing')).toBe(false);
    expect(entries.length).toBeGreaterThan(0);
  });
});
