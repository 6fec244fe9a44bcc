// Times GET /api/auth/me and POST /api/auth/verify-otp against the real app, on
// PGlite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) on PostgreSQL.
// Prints one table; it asserts nothing.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const TEST_PHONE = '+11234567890';

interface Row {
  database: string;
  endpoint: string;
  connections: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
}

async function freshPostgres(
  base: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const name = `bidboard_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString(), poolSize: 20 });
  return {
    database,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function run(label: string, database: Database): Promise<Row[]> {
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bidboard-bench-')),
    RATE_LIMIT_MAX: '100000000',
    OTP_ROUTE_MAX_PER_MINUTE: '100000000',
    SEED_DEMO: 'false',
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await database.db
    .insert(users)
    .values({ phone_number: TEST_PHONE, username: 'benchuser', onboarded: 14 });
  const login = await fetch(`${base}/api/auth/verify-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: TEST_PHONE, otp: config.TEST_OTP_CODE }),
  });
  const { token } = (await login.json()) as { token: string };

  const results: Row[] = [];
  const measure = async (endpoint: string, opts: autocannon.Options) => {
    const r = await autocannon({ duration: DURATION, connections: 20, ...opts });
    results.push({
      database: label,
      endpoint,
      connections: opts.connections ?? 20,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      errors: r.errors + r.non2xx,
    });
  };
  await measure('GET /api/auth/me', {
    url: `${base}/api/auth/me`,
    headers: { authorization: `Bearer ${token}` },
  });
  await measure('POST /api/auth/verify-otp (test number)', {
    url: `${base}/api/auth/verify-otp`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: TEST_PHONE, otp: config.TEST_OTP_CODE }),
  });
  await app.close();
  return results;
}

const rows: Row[] = [];
const pglite = openDatabase({});
rows.push(...(await run('PGlite', pglite)));
await pglite.close();
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const { database, drop } = await freshPostgres(pgUrl);
  rows.push(...(await run('PostgreSQL', database)));
  await database.close();
  await drop();
} else {
  console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
}
console.table(rows);
