// `npm run admin -- delete-member <userId> fraud_or_scam <reason>` (issue 42): the operator
// deletes an account as the console does (the same domain function): the account is erased,
// the audit log keeps the deletion with no admin (the CLI), its reason and category, and the
// removal waits for the servers' notice job, which tells the member who wrote to it. An
// account already deleted is refused with the console's message.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  COMMON_MESSAGES,
  conversationId,
  FRAUD_ALERT_MESSAGES,
  SAFETY_MESSAGES,
} from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres } from '../../../test/database';
import { buildMember } from '../../../test/factories';
import { type Db, openDatabase, rows } from '../../db/client';
import { sendFraudRemovalNotices } from './fraud-notices.service';

/** A scammer who wrote to a member an hour ago. */
async function seed(db: Db) {
  const scammer = await buildMember(db, { onboarded: 14 });
  const wrote = await buildMember(db, { onboarded: 14 });
  const [a, b] = scammer.id < wrote.id ? [scammer.id, wrote.id] : [wrote.id, scammer.id];
  const cid = conversationId(a, b);
  await db.execute(
    sql`INSERT INTO conversations (cid, user_a, user_b, message_count, created_at, updated_at)
        VALUES (${cid}, ${a}, ${b}, 1, now() - interval '1 hour', now() - interval '1 hour')`,
  );
  await db.execute(
    sql`INSERT INTO messages (cid, seq, sender_id, text, created_at)
        VALUES (${cid}, 1, ${scammer.id}, 'send me a gift card', now() - interval '1 hour')`,
  );
  return { scammer, wrote };
}

describe('npm run admin -- delete-member', () => {
  // Two CLI processes, each opening and migrating the database: slow on PGlite.
  it('deletes an account for fraud, audited, and its contact is told', async () => {
    // A migrated copy on PostgreSQL; PGlite in a folder of its own, closed while the CLI runs.
    const target = onPostgres ? await createTestDatabase({ poolSize: 2 }) : undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bidboard-cli-'));
    const open = async () => {
      if (target) return target;
      const database = openDatabase({ dataDir });
      await database.migrate();
      return database;
    };
    let database = await open();
    const { scammer, wrote } = await seed(database.db);
    if (!target) await database.close();

    const cli = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: {
          ...process.env,
          NODE_ENV: 'development',
          DATA_DIR: dataDir,
          DATABASE_URL: target?.url ?? '',
        },
      });
    const args = ['delete-member', String(scammer.id), 'fraud_or_scam', 'Asked for gift cards'];
    const { stdout } = await cli(...args);
    expect(JSON.parse(stdout)).toEqual({
      user: { id: scammer.id, deleted_at: expect.any(String) },
    });
    // Again: the account is gone, as the console says.
    const again = await cli(...args).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(again?.code).toBe(1);
    expect(again?.stderr).toContain(SAFETY_MESSAGES.memberNotFound);
    // An id past the column's range is refused with the shared message, not sent to the database.
    const huge = await cli('delete-member', '3000000000', 'fraud_or_scam', 'Asked').then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(huge?.code).toBe(1);
    expect(huge?.stderr).toContain(COMMON_MESSAGES.invalidId);

    database = await open();
    try {
      const [gone] = await rows<{ deleted: boolean; username: string | null }>(
        database.db,
        sql`SELECT deleted_at IS NOT NULL AS deleted, username FROM users WHERE id = ${scammer.id}`,
      );
      expect(gone).toEqual({ deleted: true, username: null });
      const audited = await rows<{ admin_id: number | null; after: Record<string, unknown> }>(
        database.db,
        sql`SELECT admin_id, after FROM admin_audit_log
             WHERE action = 'member.delete' AND target_id = ${String(scammer.id)}`,
      );
      expect(audited).toEqual([
        {
          admin_id: null,
          after: expect.objectContaining({
            id: scammer.id,
            reason: 'Asked for gift cards',
            category: 'fraud_or_scam',
          }),
        },
      ]);
      // The servers' notice job tells the member who exchanged messages with it.
      expect(await sendFraudRemovalNotices({ db: database.db, clock: () => new Date() })).toBe(1);
      const alerts = await rows<{ message: string }>(
        database.db,
        sql`SELECT message FROM alerts WHERE user_id = ${wrote.id} AND kind = 'fraud_removal'`,
      );
      expect(alerts).toEqual([{ message: FRAUD_ALERT_MESSAGES.removed }]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
