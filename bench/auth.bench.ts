// GET /api/auth/me on the app (at the default LOG_LEVEL=info, lines formatted, then dropped)
// against a bare Fastify route answering the same body with no database (the JWT checked,
// the body held in memory), on PGlite and (when a URL is set) PostgreSQL. For reference:
// the bare route doing the same JWT check and one session + member query, and the sign-in
// (POST /api/auth/verify-otp for a test number). On PGlite, the process's peak RSS while
// /me is under load (app and embedded database share the process).

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { bareFastify, bareFastifyBody, queryOf } from './lib/bare-servers';
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

/** Peak RSS of this process while `work` runs, sampled every 100 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 100);
  try {
    return { result: await work(), peakMb: peak / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

async function run(label: string, database: Database, bare: pg.Pool | PGlite): Promise<Figure[]> {
  const config = benchConfig({ LOG_LEVEL: 'info' });
  // Every line is formatted and masked as in production, then dropped.
  const app = await startApp(database, config, { write: () => {} });
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
  const body = await (await fetch(`${app.url}/api/auth/me`, { headers })).json();
  const key = sessionSettings(config).key;

  const ceilingServer = await bareFastifyBody(key, body);
  const ceiling = await requestsPerSecond(`${ceilingServer.url}/me`, { headers });
  await ceilingServer.app.close();
  const queryServer = await bareFastify(key, queryOf(bare));
  const withQuery = await requestsPerSecond(`${queryServer.url}/me`, { headers });
  await queryServer.app.close();
  const { result: me, peakMb } = await peakRss(() =>
    requestsPerSecond(`${app.url}/api/auth/me`, { headers }),
  );
  const signIn = await requestsPerSecond(`${app.url}/api/auth/verify-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: TEST_PHONE, otp: config.TEST_OTP_CODE }),
  });
  await app.close();
  const figures: Figure[] = [
    {
      figure: `GET /api/auth/me req/s, ${label} (vs bare, no database)`,
      unit: 'req/s',
      value: me,
      ceiling,
      better: 'higher',
      target: label === 'PostgreSQL' ? 0.6 : 0.2,
    },
    {
      figure: `GET /api/auth/me req/s, ${label} (vs bare with the session + member query)`,
      unit: 'req/s',
      value: me,
      ceiling: withQuery,
      better: 'higher',
    },
    {
      figure: `POST /api/auth/verify-otp req/s, ${label} (vs bare /me, no database)`,
      unit: 'req/s',
      value: signIn,
      ceiling,
      better: 'higher',
    },
  ];
  if (label === 'PGlite') {
    figures.push({
      figure: 'PGlite server peak RSS under /me load (ceiling: the target)',
      unit: 'MB',
      value: peakMb,
      ceiling: 350,
      better: 'lower',
      target: 1,
    });
  }
  return figures;
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
