// Starts the real server (the same entry point as `npm start`) on a free port with a
// fresh database and demo data, and stops it after the run. startServer() gives a journey
// a server of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

export interface RunningServer {
  baseUrl: string;
  /** Stops the server (its whole process group) and removes its data. */
  stop: () => Promise<void>;
}

/**
 * `npm start` on a free port with its own database (a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set, else PGlite in a temporary folder) and the demo data. Journeys
 * that must stop a server (the offline dialogs) start their own with this.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // A PORT in env pins the port (a session given a range of ports); otherwise any free one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bidboard-e2e-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const name = `bidboard_e2e_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  let log = '';
  // `npm start` itself (its own process group, so stopping it stops the server too).
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SEED_DEMO: 'true',
      AUTO_APPROVE: 'true',
      LOG_LEVEL: 'warn',
      // 'demo', and admins for the chat and safety-that-sees journeys.
      ADMIN_PHONES: '+12015550100,+12015550117,+12015550120',
      // The journeys sign the same seeded members in again and again within 15 minutes, all
      // from 127.0.0.1, faster on a quiet machine: the per-phone code limit and the per-address
      // request limit are the server tests' business (otp, rate limit), not the journeys'.
      OTP_PHONE_MAX_PER_WINDOW: '1000',
      RATE_LIMIT_MAX: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(baseUrl, child, () => log);
  let stopped = false;
  return {
    baseUrl,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid!, 'SIGTERM');
        await exited;
      }
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  // E2E_SHARED_PORT keeps the shared server inside a port range the run was given.
  const server = await startServer(
    process.env.E2E_SHARED_PORT ? { PORT: process.env.E2E_SHARED_PORT } : {},
  );
  project.provide('baseUrl', server.baseUrl);
  return server.stop;
}
