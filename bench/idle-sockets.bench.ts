// Idle sockets (issue 25): one built server (dist/server.js with node, on PostgreSQL and a
// Redis of the harness's own, as in production) holding 20,000 signed-in sockets that do
// nothing, from several client processes. Figures: the server's RSS and the CPU seconds
// it spends per minute with them connected, against the same server with none connected
// (same run). What idle sockets cost is the countdown sync (every COUNTDOWN_SYNC_MS to
// every socket), the transport heartbeats and the session sweep; the clients count the
// countdown syncs they receive, which must be one per socket per interval.
//
// A process here may open at most as many files as the hard limit (`ulimit -Hn`), which
// root cannot raise in this sandbox: when that is below 20,000 sockets plus the server's own
// files, the server holds as many as fit, and the figures say how many.
import { readFileSync } from 'node:fs';
import { COUNTDOWN_SYNC_MS } from '@bidboard/shared';
import pg from 'pg';
import type { Config } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { ensureOpenPeriod } from '../apps/server/src/modules/auctions/periods.service';
import { createSession } from '../apps/server/src/modules/auth/session.service';
import {
  buildServer,
  cpuSecondsOf,
  rssBytesOf,
  startBuiltServer,
  startRedis,
} from './lib/built-server';
import {
  benchConfig,
  bulkMembers,
  type Figure,
  pgBase,
  report,
  round,
  scratchDatabase,
  sessionSettings,
  startClients,
} from './lib/harness';

const WANTED = Number(process.env.BENCH_IDLE_SOCKETS ?? 20_000);
const WINDOW_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const PER_PROCESS = 5_000;
/** Files the server needs besides its sockets (pool, Redis, logs, libuv). */
const SERVER_FILES = 200;
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4900);

interface Idle {
  connected: number;
  failed: number;
  disconnected: number;
  connectSeconds: number;
  seconds: number;
  countdowns: number;
  pings: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => bytes / 1024 / 1024;

function hardFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+\d+\s+(\d+)/);
  return Number(line?.[1] ?? Number.POSITIVE_INFINITY);
}

/** Sessions for many members at once (createSession one at a time would take minutes). */
async function manyTokens(url: string, config: Config, ids: number[]): Promise<string[]> {
  const database = openDatabase({ url, poolSize: 8 });
  const settings = sessionSettings(config);
  const tokens: string[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const batch = ids.slice(i, i + 100);
    tokens.push(
      ...(await Promise.all(batch.map((id) => createSession(database.db, settings, id)))),
    );
  }
  await database.close();
  return tokens;
}

/** The server's CPU seconds over the next `seconds`, and its RSS at the end. */
async function sample(pid: number, seconds: number) {
  const from = cpuSecondsOf(pid);
  await sleep(seconds * 1000);
  return { cpu: cpuSecondsOf(pid) - from, rss: rssBytesOf(pid) };
}

if (!pgBase) {
  console.log('idle-sockets bench skipped: set BENCH_DATABASE_URL (PostgreSQL)');
} else {
  const held = Math.min(WANTED, hardFileLimit() - SERVER_FILES);
  if (held < WANTED) {
    console.log(
      `${WANTED} sockets asked, ${held} held: one process may open ${hardFileLimit()} files here`,
    );
  }
  buildServer();
  const config = benchConfig();
  const scratch = await scratchDatabase();
  const redis = await startRedis(BASE_PORT + 91);
  try {
    const seed = new pg.Pool({ connectionString: scratch.url, max: 2 });
    const ids = await bulkMembers(seed, held, 0);
    await seed.end();
    {
      const database = openDatabase({ url: scratch.url, poolSize: 2 });
      await ensureOpenPeriod(database.db, new Date());
      await database.close();
    }
    const tokens = await manyTokens(scratch.url, config, ids);
    const server = await startBuiltServer({
      port: BASE_PORT + 50,
      databaseUrl: scratch.url,
      config,
      redisUrl: redis.url,
      redisPrefix: 'bench-idle',
      poolSize: 20,
    });
    try {
      await sleep(5_000);
      const empty = await sample(server.pid, WINDOW_SECONDS);
      const started = performance.now();
      const clients = Array.from({ length: Math.ceil(held / PER_PROCESS) }, (_, i) =>
        startClients<Idle>({
          scenario: 'idle',
          url: server.url,
          tokens: tokens.slice(i * PER_PROCESS, (i + 1) * PER_PROCESS),
          concurrency: 25,
        }),
      );
      await Promise.all(clients.map((c) => c.ready));
      const connectSeconds = (performance.now() - started) / 1000;
      await sleep(10_000);
      const full = await sample(server.pid, WINDOW_SECONDS);
      const redisCpu = cpuSecondsOf(redis.pid);
      for (const c of clients) c.stop();
      const results = await Promise.all(clients.map((c) => c.result));
      const connected = results.reduce((n, r) => n + r.connected, 0);
      const perSocketMinute = (count: (r: Idle) => number) =>
        results.reduce((n, r) => n + (count(r) / r.seconds) * 60, 0) / connected;
      console.log({
        held,
        connected,
        failed: results.reduce((n, r) => n + r.failed, 0),
        disconnected: results.reduce((n, r) => n + r.disconnected, 0),
        connectSeconds: round(connectSeconds),
        pingsPerSocketMinute: round(perSocketMinute((r) => r.pings)),
        redisCpuSecondsWholeRun: redisCpu,
      });
      const perMinute = (s: { cpu: number }) => (s.cpu / WINDOW_SECONDS) * 60;
      const figures: Figure[] = [
        {
          figure: `server RSS, ${connected} idle sockets vs none`,
          unit: 'MB',
          value: mb(full.rss),
          ceiling: mb(empty.rss),
          better: 'lower',
        },
        {
          figure: `server CPU seconds per minute, ${connected} idle sockets (countdown sync, heartbeats, session sweep) vs none`,
          unit: 's/min',
          value: perMinute(full),
          ceiling: perMinute(empty),
          better: 'lower',
        },
        {
          figure: 'countdown syncs received per socket per minute vs one per interval',
          unit: '/min',
          value: perSocketMinute((r) => r.countdowns),
          ceiling: 60_000 / COUNTDOWN_SYNC_MS,
          better: 'higher',
          target: 1,
        },
        {
          figure: `sockets connected and held, of ${held}`,
          unit: 'sockets',
          value: connected - results.reduce((n, r) => n + r.disconnected, 0),
          ceiling: held,
          better: 'higher',
          target: 1,
        },
      ];
      report('idle-sockets', figures);
    } finally {
      await server.stop();
    }
  } finally {
    await redis.stop();
    await scratch.drop();
  }
}
