// One fresh, migrated database per test file: a copy of the migrated template, on
// PostgreSQL or as a new in-memory PGlite loaded from the template's image.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A test file's pool when it asks for no size. */
const DEFAULT_POOL_SIZE = 10;

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
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  const turn = poolSize > DEFAULT_POOL_SIZE ? await largePoolTurn(adminUrl) : null;
  try {
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
  } catch (error) {
    await turn?.end();
    throw error;
  }
  const u = new URL(template);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = openDatabase({ url, poolSize });
  return {
    ...database,
    url,
    close: async () => {
      try {
        await database.close();
        await withAdmin(adminUrl, (admin) =>
          admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
        );
      } finally {
        await turn?.end();
      }
    },
  };
}

/**
 * The concurrency tests open pools of up to 40 connections. Two of them at once on the two
 * test workers, beside whatever else uses the machine's PostgreSQL, went over its 100
 * connections and requests failed for want of one; such files take turns instead. The turn
 * is a session advisory lock on the admin database, held by a connection of its own until
 * the file closes its database (or its process ends).
 */
async function largePoolTurn(adminUrl: string): Promise<pg.Client> {
  const holder = new pg.Client({ connectionString: adminUrl });
  // A holder cut off by the server has already given its turn back.
  holder.on('error', () => {});
  await holder.connect();
  try {
    await holder.query(`SELECT pg_advisory_lock(hashtext('bidboard tests: large pools'))`);
  } catch (error) {
    await holder.end();
    throw error;
  }
  return holder;
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
