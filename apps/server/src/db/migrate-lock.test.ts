// Servers starting together on an empty database all come up: the start-up migration runs
// under an advisory lock (issue 18: one of two crashed in CREATE TABLE, 2 runs of 2).

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withDatabase } from '../../test/global-setup';
import { openDatabase, rows } from './client';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('migrations on several servers at once', () => {
  it('migrates an empty database once while three servers start together', async () => {
    const name = `prod_topology_migrate_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = withDatabase(adminUrl!, name);
    const servers = [0, 1, 2].map(() => openDatabase({ url, poolSize: 1 }));
    try {
      await Promise.all(servers.map((s) => s.migrate()));
      const [applied] = await rows<{ n: number }>(
        servers[0]!.db,
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      );
      expect(applied!.n).toBeGreaterThan(10);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
