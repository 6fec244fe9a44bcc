// Migration 0052 (issue 42): each scam notice sent before it names its removal's account,
// and a member told twice about one account (two removals handled at the same moment)
// keeps the first notice only, so the unique (removed account, member) key can hold.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';

const before = mkdtempSync(path.join(tmpdir(), 'fraud-notice-once-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The migrations as they were before 0052. */
function migrationsBeforeOnce(): string {
  cpSync(migrationsFolder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0052');
  writeFileSync(journalPath, JSON.stringify(journal));
  return before;
}

it('names each notice’s account and keeps one notice per member and account', {
  timeout: 300_000,
}, async () => {
  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: migrationsBeforeOnce() });
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO users (phone_number) VALUES ($1) RETURNING id`,
      [`+1555100${i}`],
    );
    ids.push(rows[0]!.id);
  }
  const [scammer, other, member, second] = ids as [number, number, number, number];
  const removal = async (userId: number) =>
    (
      await client.query<{ id: number }>(
        `INSERT INTO fraud_removals (user_id, removed_at, notified_at)
         VALUES ($1, now(), now()) RETURNING id`,
        [userId],
      )
    ).rows[0]!.id;
  const suspended = await removal(scammer);
  const deleted = await removal(scammer);
  const elsewhere = await removal(other);
  const notice = (removalId: number, userId: number, at: string) =>
    client.query(
      `INSERT INTO fraud_removal_notices (removal_id, user_id, notified_at) VALUES ($1, $2, $3)`,
      [removalId, userId, at],
    );
  // The member told twice about the scammer (the race), once about another account.
  await notice(deleted, member, '2026-03-10T15:00:01Z');
  await notice(suspended, member, '2026-03-10T15:00:00Z');
  await notice(elsewhere, member, '2026-03-10T15:00:00Z');
  await notice(deleted, second, '2026-03-10T15:00:01Z');

  await migrate(db, { migrationsFolder });

  const { rows } = await client.query(
    `SELECT removal_id, removed_user_id, user_id FROM fraud_removal_notices
      ORDER BY user_id, removal_id`,
  );
  expect(rows).toEqual([
    { removal_id: suspended, removed_user_id: scammer, user_id: member },
    { removal_id: elsewhere, removed_user_id: other, user_id: member },
    { removal_id: deleted, removed_user_id: scammer, user_id: second },
  ]);
  await expect(
    client.query(
      `INSERT INTO fraud_removal_notices (removal_id, removed_user_id, user_id, notified_at)
       VALUES ($1, $2, $3, now())`,
      [deleted, scammer, member],
    ),
  ).rejects.toThrow(/fraud_removal_notices_once_idx/);
  await client.close();
});
