// Migration 0049 (issue 43): a Canadian individual's payee profile saved before first and
// last name were apart gets them from its legal name (the last word the last name, the
// words before it the first name), so the Part XX report names every such payee; a business
// and a US payee keep their one legal name.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';

const before = mkdtempSync(path.join(tmpdir(), 'payee-names-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The migrations as they were before 0049. */
function migrationsBeforeNames(): string {
  cpSync(migrationsFolder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0049');
  writeFileSync(journalPath, JSON.stringify(journal));
  return before;
}

it('splits a Canadian individual’s legal name into first and last; others keep none', {
  timeout: 300_000,
}, async () => {
  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: migrationsBeforeNames() });
  const profiles = [
    ['Élodie Tremblay', 'CA', 'sin', 'QC'],
    ['  Marie Claire   Dubois ', 'CA', 'sin', 'QC'],
    ['Akira', 'CA', 'sin', 'ON'],
    ['Tremblay Conseil inc.', 'CA', 'bn', 'QC'],
    ['Avery Q. Lin', 'US', 'ssn', 'NJ'],
  ] as const;
  for (const [i, [name, country, type, region]] of profiles.entries()) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO users (phone_number) VALUES ($1) RETURNING id`,
      [`+1555000${i}`],
    );
    await client.query(
      `INSERT INTO payee_identities (user_id, legal_name, address_line1, city, region,
         postal_code, country, taxpayer_id_type, taxpayer_id_sealed, taxpayer_id_key,
         taxpayer_id_last4, certified_at, certification_version)
       VALUES ($1, $2, '1 Main Street', 'City', $3, 'X', $4, $5, 'sealed', 'k1', '1234', now(), 1)`,
      [rows[0]!.id, name, region, country, type],
    );
  }

  await migrate(db, { migrationsFolder });

  const { rows } = await client.query(
    'SELECT legal_name, first_name, last_name FROM payee_identities ORDER BY user_id',
  );
  expect(rows).toEqual([
    { legal_name: 'Élodie Tremblay', first_name: 'Élodie', last_name: 'Tremblay' },
    { legal_name: '  Marie Claire   Dubois ', first_name: 'Marie Claire', last_name: 'Dubois' },
    { legal_name: 'Akira', first_name: '', last_name: 'Akira' },
    { legal_name: 'Tremblay Conseil inc.', first_name: null, last_name: null },
    { legal_name: 'Avery Q. Lin', first_name: null, last_name: null },
  ]);
  await client.close();
});
