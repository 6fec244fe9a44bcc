// Shared pieces of the harnesses: fresh databases, bulk members, the app under test,
// and the figure format that run-all.ts collects (each figure next to its ceiling).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { type Config, loadConfig } from '../../apps/server/src/config';
import { type Database, openDatabase } from '../../apps/server/src/db/client';
import { loadSecrets } from '../../apps/server/src/lib/secrets';
import { createSession } from '../../apps/server/src/modules/auth/session.service';
import type { ClientJob } from './socket-clients';

export const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** One measured figure next to the ceiling it is judged against (same run). */
export interface Figure {
  figure: string;
  unit: string;
  value: number;
  ceiling: number;
  /** 'higher': value/ceiling is the score (throughput); 'lower': value/ceiling is a slowdown. */
  better: 'higher' | 'lower';
  /** The issue's target for the ratio, if it sets one. */
  target?: number;
  note?: string;
}

export function report(harness: string, figures: Figure[]): void {
  console.table(
    figures.map((f) => ({
      figure: f.figure,
      value: `${round(f.value)} ${f.unit}`,
      ceiling: `${round(f.ceiling)} ${f.unit}`,
      ratio: round(f.value / f.ceiling, 2),
      target: f.target === undefined ? '' : `${f.better === 'higher' ? '>=' : '<='} ${f.target}`,
    })),
  );
  // run-all.ts reads this line.
  console.log(`BENCH_RESULT ${JSON.stringify({ harness, figures })}`);
}

export const round = (n: number, digits = n < 100 ? 2 : 0) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))]!;
}

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** An empty, migrated PostgreSQL database (or a copy of `template`). */
export async function scratchDatabase(template?: string): Promise<ScratchDatabase> {
  if (!pgBase) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const name = `bidboard_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  if (!template) {
    const database = openDatabase({ url: url.toString(), poolSize: 2 });
    await database.migrate();
    await database.close();
  }
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: pgBase });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * `count` approved, onboarded members holding `tokens` each, minted with one
 * 'adjustment' ledger row apiece (set-based: a bench needs thousands).
 */
export async function bulkMembers(
  client: pg.Pool | pg.Client,
  count: number,
  tokens: number,
  prefix = 'bench',
): Promise<number[]> {
  const result = await client.query<{ id: number }>(
    `WITH made AS (
       INSERT INTO users (phone_number, username, onboarded, is_approved, token_balance,
                          promotional_tokens)
       SELECT '+1212' || lpad(g::text, 7, '0'), $2 || g, 14, true, $3, $3
         FROM generate_series(1, $1) g
       RETURNING id, token_balance),
     minted AS (
       INSERT INTO token_transactions (user_id, amount, balance_after, redeemable_after,
                                       transaction_type, promotional_amount)
       SELECT id, token_balance, token_balance, 0, 'adjustment', token_balance
         FROM made WHERE token_balance > 0)
     SELECT id FROM made ORDER BY id`,
    [count, prefix, tokens],
  );
  return result.rows.map((r) => r.id);
}

/**
 * Talking pairs (members at even and odd places of `ids`): each an accepted, engaged
 * connection on the owner's auction (every member needs one in the open period) with its
 * conversation started, and every member with a push subscription, as a chat bench needs.
 * Then the planner's statistics, as autovacuum keeps them on a live database: without them
 * a send's check of the pair's connection scanned every accepted connection (about a
 * tenth of chat's throughput on 500 pairs).
 */
export async function seedTalkingPairs(client: pg.Pool | pg.Client, ids: number[]) {
  await client.query(
    `WITH k AS (
       INSERT INTO connections (user_id, partner_id, auction_id, amount, escrow_promotional, status, escrow_state, escrow_released_at,
                                user_first_message_at, partner_first_message_at, engaged_at)
       SELECT b.id, o.id, a.id, 10, 10, 'accepted', 'paid', now(), now(), now(), now()
         FROM unnest($1::int[], $2::int[]) AS p(owner, bidder)
         JOIN users o ON o.id = p.owner JOIN users b ON b.id = p.bidder
         JOIN auctions a ON a.user_id = o.id
       RETURNING user_id, partner_id)
     INSERT INTO conversations (cid, user_a, user_b)
     SELECT LEAST(user_id, partner_id) || '_' || GREATEST(user_id, partner_id),
            LEAST(user_id, partner_id), GREATEST(user_id, partner_id) FROM k`,
    [ids.filter((_, i) => i % 2 === 0), ids.filter((_, i) => i % 2 === 1)],
  );
  await client.query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
     SELECT id, 'https://push.invalid/' || id, 'key', 'auth' FROM unnest($1::int[]) AS id`,
    [ids],
  );
  await client.query('ANALYZE');
}

export function benchConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bidboard-bench-')),
    RATE_LIMIT_MAX: '100000000',
    OTP_ROUTE_MAX_PER_MINUTE: '100000000',
    // Bench bidders bid as fast as they can; the per-member socket budget would refuse them.
    SOCKET_EVENTS_MAX: '100000000',
    SEED_DEMO: 'false',
    SWEEPER_ENABLED: 'false',
    ...overrides,
  });
}

export function sessionSettings(config: Config) {
  return {
    key: loadSecrets(config).jwtKey,
    idleSeconds: config.SESSION_IDLE_SECONDS,
    absoluteSeconds: config.SESSION_ABSOLUTE_SECONDS,
    clock: () => new Date(),
  };
}

/** Bearer tokens for members, through the app's own session code. */
export async function tokensFor(
  database: Database,
  config: Config,
  userIds: number[],
): Promise<string[]> {
  const settings = sessionSettings(config);
  const tokens: string[] = [];
  for (const id of userIds) tokens.push(await createSession(database.db, settings, id));
  return tokens;
}

/** Sessions for many members at once, 100 at a time (one at a time would take minutes). */
export async function manyTokens(url: string, config: Config, ids: number[]): Promise<string[]> {
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

export interface RunningApp {
  url: string;
  app: Awaited<ReturnType<typeof buildApp>>;
  close(): Promise<void>;
}

/** `logStream`: where the app's lines go (a bench at a real LOG_LEVEL writes to /dev/null). */
export async function startApp(
  database: Database,
  config: Config,
  logStream?: Parameters<typeof buildApp>[0]['logStream'],
): Promise<RunningApp> {
  const app = await buildApp({ config, database, logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    app,
    close: () => app.close(),
  };
}

/** The median of each figure over runs (value and ceiling separately). */
export function medianFigures(runs: Figure[][]): Figure[] {
  const first = runs[0] ?? [];
  return first.map((f) => {
    const same = runs.map((r) => r.find((x) => x.figure === f.figure)).filter(Boolean) as Figure[];
    const ratios = same.map((x) => x.value / x.ceiling);
    const mid = same[ratios.indexOf(quantile(ratios, 0.5))]!;
    return { ...mid };
  });
}

/** Runs socket clients in a child process (see socket-clients.ts) and returns its result. */
export async function runClients<T>(job: ClientJob): Promise<T> {
  return startClients<T>(job).result;
}

/** Starts the clients; `ready` resolves when they print READY (the poll scenario). */
export function startClients<T>(job: ClientJob) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bidboard-clients-')), 'job.json');
  writeFileSync(file, JSON.stringify(job));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'socket-clients.ts'), file],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.includes('READY')) markReady();
  });
  const result = new Promise<T>((resolve, reject) =>
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`socket clients failed (${code}): ${out}`));
      else resolve(JSON.parse(out.trim().split('\n').pop()!) as T);
    }),
  );
  return { ready, result, stop: () => child.kill('SIGTERM') };
}
