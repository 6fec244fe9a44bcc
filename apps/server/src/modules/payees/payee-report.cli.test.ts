// `npm run admin -- payee-report 2026 --country US` (issue 43): the year-end report as CSV
// on stdout, ids masked; with --full-ids the whole ids, and an audit entry with no admin
// (the operator CLI) naming the year and country.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres } from '../../../test/database';
import { buildMember } from '../../../test/factories';
import { type Db, openDatabase, rows } from '../../db/client';
import { PayeeIdCipher } from '../../lib/payee-id-cipher';
import { savePayeeIdentityRow } from './payees.repository';

const KEY = randomBytes(32);
const cipher = new PayeeIdCipher([{ id: 'k1', key: KEY }]);

async function seed(db: Db) {
  const member = await buildMember(db, { country: 'US' });
  const sealed = cipher.seal(member.id, '123456789');
  const now = new Date('2026-06-01T12:00:00Z');
  await savePayeeIdentityRow(
    db,
    {
      user_id: member.id,
      legal_name: 'Avery Q. Lin',
      first_name: null,
      last_name: null,
      address_line1: '9 Water Street',
      address_line2: '',
      city: 'Hoboken',
      region: 'NJ',
      postal_code: '07030',
      country: 'US',
      taxpayer_id_type: 'ssn',
      taxpayer_id_sealed: sealed.sealed,
      taxpayer_id_key: sealed.keyId,
      taxpayer_id_last4: '6789',
      certified_at: now,
      certification_version: 1,
    },
    now,
  );
  await db.execute(
    sql`INSERT INTO redemptions (user_id, token_amount, multiplier, fee_cents, amount_cents,
                                 paypal_email, status, provider, decided_at)
        VALUES (${member.id}, 250000, 1, 0, 250000, '', 'paid', 'manual', ${now})`,
  );
  return member.id;
}

describe('npm run admin -- payee-report', () => {
  // Two CLI processes, each opening and migrating the database: slow on PGlite.
  it('prints the year’s CSV, masked unless --full-ids, which is audited', async () => {
    // A migrated copy on PostgreSQL; PGlite in a folder of its own, closed while the CLI runs.
    const target = onPostgres ? await createTestDatabase({ poolSize: 1 }) : undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bidboard-cli-'));
    const open = async () => {
      if (target) return target;
      const database = openDatabase({ dataDir });
      await database.migrate();
      return database;
    };
    let database = await open();
    const memberId = await seed(database.db);
    if (!target) await database.close();

    const cli = (...args: string[]) =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/cli.ts', 'payee-report', '2026', '--country', 'US', ...args],
        {
          cwd: path.resolve(import.meta.dirname, '../../..'),
          env: {
            ...process.env,
            NODE_ENV: 'development',
            DATA_DIR: dataDir,
            DATABASE_URL: target?.url ?? '',
            PAYEE_ID_KEYS: `k1:${KEY.toString('base64')}`,
          },
        },
      );
    const masked = (await cli()).stdout;
    expect(masked.split('\r\n')[0]).toContain('recipient_name,recipient_tin_type,recipient_tin');
    expect(masked).toContain(`,${memberId},complete,Avery Q. Lin,SSN,•••-••-6789,`);
    expect(masked).toContain(',2500.00,0.00,1,yes');
    expect(masked).not.toContain('123-45-6789');
    const full = (await cli('--full-ids')).stdout;
    expect(full).toContain(',Avery Q. Lin,SSN,123-45-6789,');

    database = await open();
    const audited = await rows<{ admin_id: number | null; target_id: string; after: unknown }>(
      database.db,
      sql`SELECT admin_id, target_id, after FROM admin_audit_log
           WHERE action = 'payee_report.full_ids'`,
    );
    await database.close();
    expect(audited).toEqual([
      { admin_id: null, target_id: '2026-US', after: { year: 2026, country: 'US', payees: 1 } },
    ]);
  }, 120_000);
});
