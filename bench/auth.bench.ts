// GET /api/auth/me on the app (at the default LOG_LEVEL=info, lines formatted, then dropped)
// against a bare Fastify route answering the same body with no database (the JWT checked,
// the body held in memory), on PGlite and (when a URL is set) PostgreSQL. For reference:
// the bare route doing the same JWT check and one session + member query, and the sign-in
// (POST /api/auth/verify-otp for a test number). PGlite is measured on the built server as
// `npm start` runs it with no DATABASE_URL (its own process, demo data, PGlite on disk),
// with that process's peak RSS (from /proc) while /me is under load: app and embedded
// database share it.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { DEMO_REFERRER } from '../apps/server/src/db/seed/demo-members';
import { bareFastify, bareFastifyBody, queryOf } from './lib/bare-servers';
import { buildServer, rssBytesOf, startPgliteServer } from './lib/built-server';
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

/** Peak RSS of process `pid` while `work` runs, sampled every 100 ms. */
async function peakRss<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; peakMb: number }> {
  let peak = rssBytesOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytesOf(pid));
  }, 100);
  try {
    return { result: await work(), peakMb: peak / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

async function signIn(url: string, otp: string) {
  const login = await fetch(`${url}/api/auth/verify-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: TEST_PHONE, otp }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const body = await (await fetch(`${url}/api/auth/me`, { headers })).json();
  return { headers, body };
}

async function signInRate(url: string, otp: string) {
  return requestsPerSecond(`${url}/api/auth/verify-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: TEST_PHONE, otp }),
  });
}

function figuresOf(label: string, me: number, ceiling: number, signInPerSecond: number): Figure[] {
  return [
    {
      figure: `GET /api/auth/me req/s, ${label} (vs bare, no database)`,
      unit: 'req/s',
      value: me,
      ceiling,
      better: 'higher',
      target: label === 'PostgreSQL' ? 0.6 : 0.2,
    },
    {
      figure: `POST /api/auth/verify-otp req/s, ${label} (vs bare /me, no database)`,
      unit: 'req/s',
      value: signInPerSecond,
      ceiling,
      better: 'higher',
    },
  ];
}

/**
 * The built server on PGlite (`npm start`, no DATABASE_URL): its own process and memory.
 * The first start on an empty DATA_DIR creates the database (initdb), migrates and seeds
 * the demo; /me is measured on the next start on that DATA_DIR, as `npm start` usually runs.
 */
async function runPglite(): Promise<Figure[]> {
  const config = benchConfig();
  const otp = config.TEST_OTP_CODE!;
  buildServer();
  const options = {
    port: Number(process.env.BENCH_PORT ?? 4960),
    dataDir: mkdtempSync(path.join(tmpdir(), 'bidboard-bench-pglite-')),
    jwtSecret: config.JWT_SECRET!,
  };
  const first = await startPgliteServer(options);
  let firstMb: number;
  try {
    // A member of our own, invited by the demo's referrer, as a new member signs up.
    const registered = await fetch(`${first.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: TEST_PHONE, otp, referred_by: DEMO_REFERRER.username }),
    });
    if (!registered.ok) throw new Error(`register: ${registered.status}`);
    firstMb = rssBytesOf(first.pid) / 2 ** 20;
  } finally {
    await first.stop();
  }
  const server = await startPgliteServer(options);
  try {
    const { headers, body } = await signIn(server.url, otp);
    const ceilingServer = await bareFastifyBody(sessionSettings(config).key, body);
    const ceiling = await requestsPerSecond(`${ceilingServer.url}/me`, { headers });
    await ceilingServer.app.close();
    const idleMb = rssBytesOf(server.pid) / 2 ** 20;
    const { result: me, peakMb } = await peakRss(server.pid, () =>
      requestsPerSecond(`${server.url}/api/auth/me`, { headers }),
    );
    const signInPerSecond = await signInRate(server.url, otp);
    const memory = (figure: string, value: number): Figure => ({
      figure,
      unit: 'MB',
      value,
      ceiling: 350,
      better: 'lower',
      target: 1,
    });
    return [
      ...figuresOf('PGlite', me, ceiling, signInPerSecond),
      memory('PGlite server peak RSS under /me load (ceiling: the target)', peakMb),
      memory('PGlite server RSS idle before the load', idleMb),
      memory('PGlite first start RSS (initdb, migrations, demo seed)', firstMb),
    ];
  } finally {
    await server.stop();
    rmSync(options.dataDir, { recursive: true, force: true });
  }
}

async function runPostgres(database: Database, bare: pg.Pool): Promise<Figure[]> {
  const config = benchConfig({ LOG_LEVEL: 'info' });
  // Every line is formatted and masked as in production, then dropped.
  const app = await startApp(database, config, { write: () => {} });
  await database.db
    .insert(users)
    .values({ phone_number: TEST_PHONE, username: 'benchuser', onboarded: 14 });
  const { headers, body } = await signIn(app.url, config.TEST_OTP_CODE!);
  const key = sessionSettings(config).key;
  const ceilingServer = await bareFastifyBody(key, body);
  const ceiling = await requestsPerSecond(`${ceilingServer.url}/me`, { headers });
  await ceilingServer.app.close();
  const queryServer = await bareFastify(key, queryOf(bare));
  const withQuery = await requestsPerSecond(`${queryServer.url}/me`, { headers });
  await queryServer.app.close();
  const me = await requestsPerSecond(`${app.url}/api/auth/me`, { headers });
  const signInPerSecond = await signInRate(app.url, config.TEST_OTP_CODE!);
  await app.close();
  return [
    ...figuresOf('PostgreSQL', me, ceiling, signInPerSecond),
    {
      figure: 'GET /api/auth/me req/s, PostgreSQL (vs bare with the session + member query)',
      unit: 'req/s',
      value: me,
      ceiling: withQuery,
      better: 'higher',
    },
  ];
}

const figures: Figure[] = [];
if (process.env.BENCH_SKIP_PGLITE !== '1') figures.push(...(await runPglite()));
if (pgBase) {
  const scratch = await scratchDatabase();
  const database = openDatabase({ url: scratch.url, poolSize: 20 });
  const bare = new pg.Pool({ connectionString: scratch.url, max: 20 });
  figures.push(...(await runPostgres(database, bare)));
  await bare.end();
  await database.close();
  await scratch.drop();
} else {
  console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
}
report('auth', figures);
