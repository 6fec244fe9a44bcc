// The built server (apps/server/dist/server.js, started with node as in production) and a
// Redis of the harness's own, as separate processes whose CPU time and memory the
// harnesses read from /proc. Ports are given by the harness (each session has its own).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import type { Config } from '../../apps/server/src/config';

const serverDir = path.resolve(import.meta.dirname, '../../apps/server');
/** The bundle a built server runs: BENCH_SERVER_ENTRY (relative to apps/server) sets another build aside, to measure it against the working tree's. */
const serverEntry = process.env.BENCH_SERVER_ENTRY ?? 'dist/server.js';

export function buildServer(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir });
}

/** CPU seconds (user + system) a process has used so far (Linux /proc, 100 ticks a second). */
export function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident memory of a process, in bytes. */
export function rssBytesOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) * 1024;
}

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface Process {
  pid: number;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}

/** Debian's redis-server on `port`, no persistence. */
export async function startRedis(port: number): Promise<Process & { url: string }> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk;
      if (seen.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
  });
  return { pid: child.pid!, url: `redis://127.0.0.1:${port}`, stop: stopper(child) };
}

export interface BuiltServer extends Process {
  url: string;
}

/** `child`, a server on `port`, once /api/ready answers 200 (within `ms`). */
async function whenReady(child: ChildProcess, port: number, ms: number): Promise<BuiltServer> {
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + ms;
  while (
    (await fetch(`${url}/api/ready`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      // Not left running (under valgrind it would go on for minutes, on a dropped database).
      if (child.exitCode === null) child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { pid: child.pid!, url, stop: stopper(child) };
}

/** The built server on `port`, on `databaseUrl`, joined to the others through `redisUrl`. */
export async function startBuiltServer(opts: {
  port: number;
  databaseUrl: string;
  config: Config;
  redisUrl?: string;
  redisPrefix?: string;
  poolSize: number;
  /** Settings of the harness's own (tracing's OTEL_* variables). */
  env?: Record<string, string>;
  /** The bundle to run, relative to apps/server (default BENCH_SERVER_ENTRY or dist/server.js). */
  entry?: string;
  /** A program node runs under (valgrind and its options), and node's own extra flags. */
  launcher?: { command: string[]; nodeFlags: string[]; readyMs: number };
}): Promise<BuiltServer> {
  const node = [
    process.execPath,
    '--max-semi-space-size=2',
    '--heap-growing-percent=50',
    ...(opts.launcher?.nodeFlags ?? []),
    // BENCH_CPU_PROF=<dir>: a CPU profile of the server, written there when it stops.
    ...(process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : []),
    opts.entry ?? serverEntry,
  ];
  const [command, ...args] = [...(opts.launcher?.command ?? []), ...node];
  const child = spawn(command!, args, {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl,
      DB_POOL_SIZE: String(opts.poolSize),
      DATA_DIR: opts.config.DATA_DIR,
      JWT_SECRET: opts.config.JWT_SECRET,
      SEED_DEMO: 'false',
      SWEEPER_ENABLED: 'false',
      RATE_LIMIT_MAX: '100000000',
      SOCKET_EVENTS_MAX: '100000000',
      VISION_PRELOAD: 'false',
      VISION_JOBS_ENABLED: 'false',
      ...(opts.redisUrl
        ? { REDIS_URL: opts.redisUrl, REDIS_PREFIX: opts.redisPrefix ?? 'bench' }
        : {}),
      ...opts.env,
    },
  });
  return whenReady(child, opts.port, opts.launcher?.readyMs ?? 60_000);
}

/**
 * The built server as `npm start` runs it with no DATABASE_URL: PGlite under a fresh
 * DATA_DIR, demo data seeded, LOG_LEVEL info (lines to /dev/null), the test number's code
 * (development's default) to sign in with. Only the limits a load generator trips are
 * raised, and the harness's JWT secret is given so its ceiling checks the same tokens.
 * BENCH_CPU_PROF=<dir> writes a CPU profile of the server there when it stops.
 */
export async function startPgliteServer(opts: {
  port: number;
  dataDir: string;
  jwtSecret: string;
}): Promise<BuiltServer> {
  const profile = process.env.BENCH_CPU_PROF;
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=2',
      '--heap-growing-percent=50',
      '--expose-gc',
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      'dist/server.js',
    ],
    {
      cwd: serverDir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH,
        PORT: String(opts.port),
        HOST: '127.0.0.1',
        DATA_DIR: opts.dataDir,
        JWT_SECRET: opts.jwtSecret,
        RATE_LIMIT_MAX: '100000000',
        OTP_ROUTE_MAX_PER_MINUTE: '100000000',
      },
    },
  );
  // The first start on an empty DATA_DIR migrates and seeds the demo.
  return whenReady(child, opts.port, 180_000);
}
