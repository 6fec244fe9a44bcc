// GET /api/auth/me on the app against a bare Fastify route doing the same JWT check and
// one session + member query, on PGlite and (when a URL is set) PostgreSQL; plus the
// sign-in (POST /api/auth/verify-otp for a test number), which has no ceiling.

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { bareFastify, queryOf } from './lib/bare-servers';
import {
  benchConfig,
  type Figure,
  pgBase,
  report,
  scratchDatabase,
  sessionSettings,
  startApp,
} from './lib/harness';

const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const TEST_PHONE = '+11234567890';

/** autocannon in its own process, so the load generator does not share the server's core. */
async function requestsPerSecond(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const args = ['-c', '20', '-d', String(DURATION), '-j'];
  if (opts.method) args.push('-m', opts.method);
  if (opts.body) args.push('-b', opts.body);
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const child = spawn(process.execPath, [bin, ...args, url], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  await new Promise((resolve) => child.on('exit', resolve));
  const r = JSON.parse(out) as { requests: { average: number }; errors: number; non2xx: number };
  if (r.errors + r.non2xx > 0) throw new Error(`${url}: ${r.errors + r.non2xx} failures`);
  return r.requests.average;
}

async function run(label: string, database: Database, bare: pg.Pool | PGlite): Promise<Figure[]> {
  const config = benchConfig();
  const app = await startApp(database, config);
  await database.db
    .insert(users)
    .values({ phone_number: TEST_PHONE, username: 'benchuser', onboarded: 14 });
  const login = await fetch(`${app.url}/api/auth/verify-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: TEST_PHONE, otp: config.TEST_OTP_CODE }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  const ceilingServer = await bareFastify(sessionSettings(config).key, queryOf(bare));
  const ceiling = await requestsPerSecond(`${ceilingServer.url}/me`, { headers });
  await ceilingServer.app.close();
  const me = await requestsPerSecond(`${app.url}/api/auth/me`, { headers });
  const signIn = await requestsPerSecond(`${app.url}/api/auth/verify-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: TEST_PHONE, otp: config.TEST_OTP_CODE }),
  });
  await app.close();
  return [
    {
      figure: `GET /api/auth/me req/s, ${label}`,
      unit: 'req/s',
      value: me,
      ceiling,
      better: 'higher',
      target: label === 'PostgreSQL' ? 0.6 : 0.3,
    },
    {
      figure: `POST /api/auth/verify-otp req/s, ${label} (vs bare /me)`,
      unit: 'req/s',
      value: signIn,
      ceiling,
      better: 'higher',
    },
  ];
}

const figures: Figure[] = [];
{
  const database = openDatabase({});
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  figures.push(...(await run('PGlite', database, client)));
  await database.close();
}
if (pgBase) {
  const scratch = await scratchDatabase();
  const database = openDatabase({ url: scratch.url, poolSize: 20 });
  const bare = new pg.Pool({ connectionString: scratch.url, max: 20 });
  figures.push(...(await run('PostgreSQL', database, bare)));
  await bare.end();
  await database.close();
  await scratch.drop();
} else {
  console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
}
report('auth', figures);
