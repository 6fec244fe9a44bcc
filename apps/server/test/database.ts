// One fresh, migrated database per test file: a copy of the migrated template, on
// PostgreSQL or as a new in-memory PGlite loaded from the template's image.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export interface TestDatabase extends Database {
  url: string | undefined;
}

export async function createTestDatabase(
  options: { poolSize?: number } = {},
): Promise<TestDatabase> {
  const template = inject('templateDatabaseUrl');
  if (!template) {
    const image = inject('pgliteTemplatePath');
    const database = openDatabase({
      pgliteImage: image ? new Blob([readFileSync(image)]) : undefined,
    });
    // Nothing left to apply on a copy of the template; a fresh instance migrates here.
    await database.migrate();
    return { ...database, url: undefined };
  }
  const templateName = new URL(template).pathname.slice(1);
  const name = `bidboard_test_${randomBytes(6).toString('hex')}`;
  const adminUrl = inject('adminDatabaseUrl')!;
  await withAdmin(adminUrl, async (admin) => {
    // Copies of one template made at the same instant can collide; a retry clears it.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
        return;
      } catch (error) {
        if (attempt >= 10) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  const u = new URL(template);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = openDatabase({ url, poolSize: options.poolSize ?? 10 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await withAdmin(adminUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
