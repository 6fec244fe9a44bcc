// Idle sockets (issue 25): one built server (dist/server.js with node, on PostgreSQL and a
// Redis of the harness's own, as in production) holding 20,000 signed-in sockets that do
// nothing, from several client processes. Figures: the server's RSS and the CPU seconds
// it spends per minute with them connected, against the same server with none connected
// (same run), at each step of 5,000 sockets (one client process each). What idle sockets
// cost is the countdown sync (every COUNTDOWN_SYNC_MS to every socket), the transport
// heartbeats and the session sweep; the clients count the countdown syncs they receive,
// which must be one per socket per interval. What a member feels of them: requests sent
// every PROBE_MS to /api/health through each window, their p99 and longest wait against
// the same with no socket connected (a sync told to every socket at once held the event
// loop for all their writes each interval). A step whose sockets do not all connect
// within BENCH_CONNECT_DEADLINE seconds ends the climb (the server no longer keeps up).
//
// A process here may open at most as many files as the hard limit (`ulimit -Hn`), which
// root cannot raise in this sandbox: when that is below 20,000 sockets plus the server's own
// files, the server holds as many as fit, and the figures say how many.
import { readdirSync, readFileSync } from 'node:fs';
import { COUNTDOWN_SYNC_MS } from '@bidboard/shared';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { ensureOpenPeriod } from '../apps/server/src/modules/auctions/periods.service';
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
  manyTokens,
  pgBase,
  quantile,
  report,
  round,
  scratchDatabase,
  startClients,
} from './lib/harness';

const WANTED = Number(process.env.BENCH_IDLE_SOCKETS ?? 20_000);
const WINDOW_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const PER_PROCESS = 5_000;
/** Files the server needs besides its sockets (pool, Redis, logs, libuv). */
const SERVER_FILES = 200;
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4900);

interface Idle {
  ready: boolean;
  connected: number;
  failed: number;
  disconnected: number;
  connectSeconds: number;
  seconds: number;
  countdowns: number;
  pings: number;
}

/** A step whose sockets are not all connected by then means the server no longer keeps up. */
const CONNECT_DEADLINE_SECONDS = Number(process.env.BENCH_CONNECT_DEADLINE ?? 300);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => bytes / 1024 / 1024;

function hardFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+\d+\s+(\d+)/);
  return Number(line?.[1] ?? Number.POSITIVE_INFINITY);
}

const perMinute = (s: { cpu: number }) => (s.cpu / WINDOW_SECONDS) * 60;

/** The server's CPU seconds over the next `seconds`, its RSS at the end, and the probe's waits. */
async function sample(pid: number, url: string, seconds: number) {
  const from = cpuSecondsOf(pid);
  const latencies = await probe(url, seconds);
  return { cpu: cpuSecondsOf(pid) - from, rss: rssBytesOf(pid), latencies };
}

/** Milliseconds between the probe's requests: a member's request at any moment. */
const PROBE_MS = 20;

/**
 * GET /api/health sent every PROBE_MS for `seconds` whether or not the last one was
 * answered, as members' requests arrive: each answer's milliseconds from when it was due to
 * be sent. (Waiting for each answer before the next would count a long stall once.)
 */
async function probe(url: string, seconds: number): Promise<number[]> {
  const started = performance.now();
  const requests: Promise<number>[] = [];
  for (let i = 0; i * PROBE_MS < seconds * 1000; i++) {
    const due = started + i * PROBE_MS;
    await sleep(Math.max(0, due - performance.now()));
    requests.push(
      fetch(`${url}/api/health`)
        .then((res) => res.arrayBuffer())
        .then(() => performance.now() - due),
    );
  }
  return Promise.all(requests);
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
      const serverFiles = () => readdirSync(`/proc/${server.pid}/fd`).length;
      await sleep(5_000);
      const ownFiles = serverFiles();
      const empty = await sample(server.pid, server.url, WINDOW_SECONDS);
      // Each client process adds PER_PROCESS sockets; each step is measured once all of
      // them are connected, until the server holds them all or stops keeping up.
      const clients: ReturnType<typeof startClients<Idle>>[] = [];
      const steps: {
        sockets: number;
        connectSeconds: number;
        cpu: number;
        rss: number;
        latencies: number[];
      }[] = [];
      let stalledAt: number | undefined;
      for (let from = 0; from < held; from += PER_PROCESS) {
        const started = performance.now();
        const client = startClients<Idle>({
          scenario: 'idle',
          url: server.url,
          tokens: tokens.slice(from, from + PER_PROCESS),
          concurrency: 25,
        });
        clients.push(client);
        let deadline: NodeJS.Timeout | undefined;
        const connected = await Promise.race([
          client.ready.then(() => true),
          new Promise<boolean>((resolve) => {
            deadline = setTimeout(() => resolve(false), CONNECT_DEADLINE_SECONDS * 1000);
          }),
        ]);
        // A pending deadline would keep this process (and run-all) waiting after the last step.
        clearTimeout(deadline);
        if (!connected) {
          stalledAt = serverFiles() - ownFiles;
          console.log(`the server stopped keeping up at ${stalledAt} sockets`);
          break;
        }
        const connectSeconds = (performance.now() - started) / 1000;
        await sleep(10_000);
        const step = await sample(server.pid, server.url, WINDOW_SECONDS);
        steps.push({ sockets: serverFiles() - ownFiles, connectSeconds, ...step });
        console.log({
          sockets: steps.at(-1)!.sockets,
          connectSeconds: round(connectSeconds),
          cpuSecondsPerMinute: round(perMinute(step)),
          rssMb: round(mb(step.rss)),
          requestP99Ms: round(quantile(step.latencies, 0.99)),
          requestMaxMs: round(Math.max(...step.latencies)),
        });
      }
      const redisCpu = cpuSecondsOf(redis.pid);
      for (const c of clients) c.stop();
      const results = await Promise.all(clients.map((c) => c.result));
      const connected = results.reduce((n, r) => n + r.connected, 0);
      const dropped = results.reduce((n, r) => n + r.disconnected, 0);
      const listening = results.filter((r) => r.ready && r.seconds > 0);
      const perSocketMinute = (count: (r: Idle) => number) =>
        listening.reduce((n, r) => n + (count(r) / r.seconds) * 60, 0) /
        listening.reduce((n, r) => n + r.connected, 0);
      console.table(
        steps.map((step) => ({
          sockets: step.sockets,
          'connect s': round(step.connectSeconds),
          'server CPU s/min': round(perMinute(step)),
          'RSS MB': round(mb(step.rss)),
          'request p99 ms': round(quantile(step.latencies, 0.99)),
          'request max ms': round(Math.max(...step.latencies)),
        })),
      );
      console.log({
        held,
        connected,
        failed: results.reduce((n, r) => n + r.failed, 0),
        dropped,
        stalledAt,
        pingsPerSocketMinute: round(perSocketMinute((r) => r.pings)),
        redisCpuSecondsWholeRun: redisCpu,
      });
      const figures: Figure[] = steps.flatMap((step) => [
        {
          figure: `server RSS, ${step.sockets} idle sockets vs none`,
          unit: 'MB',
          value: mb(step.rss),
          ceiling: mb(empty.rss),
          better: 'lower' as const,
        },
        {
          figure: `server CPU seconds per minute, ${step.sockets} idle sockets vs none`,
          unit: 's/min',
          value: perMinute(step),
          ceiling: perMinute(empty),
          better: 'lower' as const,
        },
        {
          figure: `a request's p99 while ${step.sockets} idle sockets are held vs none`,
          unit: 'ms',
          value: quantile(step.latencies, 0.99),
          ceiling: quantile(empty.latencies, 0.99),
          better: 'lower' as const,
        },
        {
          figure: `a request's longest wait, ${step.sockets} idle sockets vs none`,
          unit: 'ms',
          value: Math.max(...step.latencies),
          ceiling: Math.max(...empty.latencies),
          better: 'lower' as const,
        },
      ]);
      figures.push(
        {
          figure: 'countdown syncs received per socket per minute vs one per interval',
          unit: '/min',
          value: perSocketMinute((r) => r.countdowns),
          ceiling: 60_000 / COUNTDOWN_SYNC_MS,
          better: 'higher',
          target: 1,
        },
        {
          figure: 'idle sockets held to the end (not dropped) of those asked',
          unit: 'sockets',
          value: connected - dropped,
          ceiling: WANTED,
          better: 'higher',
          target: 1,
        },
      );
      report('idle-sockets', figures);
    } finally {
      await server.stop();
    }
  } finally {
    await redis.stop();
    await scratch.drop();
  }
}
