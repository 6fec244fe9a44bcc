// The production topology as shipped (issue 18): deploy/haproxy.cfg in front of three
// servers started from release/ with `node` alone, on PostgreSQL and a Redis of the test's
// own. The three start together on an empty database; 100 members bid over websockets
// through the balancer while each server in turn gets SIGTERM and is started again, and
// while Redis is stopped and started. Every bid sent is answered (bidSuccess, stored exactly
// once, or bidError with a message), the ledger holds, the balancer never answers 5xx,
// readiness tells the truth, and a forged X-Forwarded-For does not escape the sign-in limit.
// Figures are printed at the end ([topology] ...).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BID_STEP } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../test/factories';
import { buildBidder, ledgerProblems } from '../test/marketplace';
import { productionEnv } from '../test/production-env';
import { freePort, hasRedisServer, type OwnRedis, ownRedis } from '../test/redis-server';
import type { Config } from './config';
import { type Database, openDatabase, rows } from './db/client';
import { loadSecrets } from './lib/secrets';
import { sweepPeriods } from './modules/auctions/period-sweep';
import { createSession } from './modules/auth/session.service';

const root = path.resolve(import.meta.dirname, '../../..');
const release = path.join(root, 'release');
const serverEntry = path.join(release, 'apps/server/dist/server.js');
const adminUrl = process.env.TEST_DATABASE_URL;
const hasHaproxy = spawnSync('haproxy', ['-v']).status === 0;
const missing = [
  !adminUrl && 'TEST_DATABASE_URL (PostgreSQL)',
  !hasRedisServer && 'redis-server',
  !hasHaproxy && 'haproxy',
  !existsSync(serverEntry) && 'release/ (npm run build)',
].filter(Boolean);
if (missing.length > 0) {
  console.log(`[tests] topology test skipped: missing ${missing.join(', ')}`);
}

const MEMBERS = 100;
const AUCTIONS = 20;
const DRAIN_DELAY_MS = 2500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, check: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting until ${what}`);
}

describe.skipIf(missing.length > 0)('production topology', () => {
  const env = productionEnv();
  const dbName = `prod_topology_${process.pid}`;
  const dbUrl = adminUrl ? withDatabase(adminUrl, dbName) : '';
  let redis: OwnRedis;
  let database: Database;
  let balancer: ChildProcess;
  let front = '';
  const ports: number[] = [];
  const servers: (ChildProcess | undefined)[] = [];
  const serverLog: string[] = [];
  const figures: Record<string, number | string> = {};

  const direct = (i: number) => `http://127.0.0.1:${ports[i]}`;
  const readyAt = async (base: string) => (await fetch(`${base}/api/ready`)).status === 200;

  function startServer(i: number) {
    const child = spawn(process.execPath, [serverEntry], {
      cwd: release,
      env: {
        PATH: process.env.PATH,
        ...env,
        DATABASE_URL: dbUrl,
        REDIS_URL: redis.url,
        REDIS_PREFIX: `topology-${process.pid}`,
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'topology',
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'test',
        S3_SECRET_ACCESS_KEY: 'test',
        PORT: String(ports[i]),
        HOST: '127.0.0.1',
        TRUST_PROXY: '1',
        DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(release, `.data-${process.pid}-${i}`),
        DB_POOL_SIZE: '10',
        OTP_ROUTE_MAX_PER_MINUTE: '10',
        VISION_PRELOAD: 'false',
        VISION_JOBS_ENABLED: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk: Buffer) => serverLog.push(`[${i}] ${chunk}`));
    }
    servers[i] = child;
    return child;
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    redis = await ownRedis();
    for (let i = 0; i < 4; i++) ports.push(await freePort());
    front = `http://127.0.0.1:${ports[3]}`;

    // Three servers at once on the empty database: each migrates under the advisory lock.
    const started = Date.now();
    for (let i = 0; i < 3; i++) startServer(i);
    await Promise.all([0, 1, 2].map((i) => until(`server ${i} ready`, () => readyAt(direct(i)))));
    figures.coldStartAllReadyMs = Date.now() - started;

    balancer = spawn('haproxy', ['-f', path.join(root, 'deploy/haproxy.cfg'), '-db'], {
      env: {
        PATH: process.env.PATH,
        BIDBOARD_BIND: `127.0.0.1:${ports[3]}`,
        BIDBOARD_SERVER_1: `127.0.0.1:${ports[0]}`,
        BIDBOARD_SERVER_2: `127.0.0.1:${ports[1]}`,
        BIDBOARD_SERVER_3: `127.0.0.1:${ports[2]}`,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    balancer.stderr?.on('data', (chunk: Buffer) => serverLog.push(`[haproxy] ${chunk}`));
    await until('the balancer answers', () => readyAt(front));
    database = openDatabase({ url: dbUrl, poolSize: 4 });
  }, 120_000);

  afterAll(async () => {
    balancer?.kill('SIGKILL');
    await Promise.all(
      servers.map(
        (child) =>
          child &&
          child.exitCode === null &&
          new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGKILL');
          }),
      ),
    );
    await database?.close();
    await redis?.stop();
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    console.log(`[topology] ${JSON.stringify(figures)}`);
    // What the servers said (warnings and errors only), for a failure's diagnosis.
    if (serverLog.length > 0)
      console.log(`[topology] server log:\n${serverLog.join('').slice(-6000)}`);
  });

  it('3 servers came up together on an empty database, once migrated', async () => {
    const [migrations] = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(migrations!.n).toBeGreaterThan(10);
    expect(serverLog.join('')).not.toMatch(/duplicate key|pg_class_relname/);
  });

  it('keeps every bid answered and stored once through a rolling restart and a Redis outage', async () => {
    const db = database.db;
    // The servers' signing key, derived from the JWT_SECRET they were given.
    const { jwtKey } = loadSecrets({ JWT_SECRET: env.JWT_SECRET } as Config);
    const sessionSettings = {
      key: jwtKey,
      idleSeconds: 3600,
      absoluteSeconds: 7200,
      clock: () => new Date(),
    };
    await sweepPeriods({ db, clock: () => new Date() });
    const auctionIds: number[] = [];
    for (let i = 0; i < AUCTIONS; i++) {
      const owner = await buildMember(db, { is_approved: true, onboarded: 14 });
      const [auction] = await rows<{ id: number }>(
        db,
        sql`INSERT INTO auctions (user_id, period_id)
            SELECT ${owner.id}, id FROM auction_periods WHERE status = 'open' RETURNING id`,
      );
      auctionIds.push(auction!.id);
    }
    const lead = new Map(auctionIds.map((id) => [id, 0]));
    const members = await Promise.all(
      Array.from({ length: MEMBERS }, async (_, i) => {
        const member = await buildBidder(db, 50_000);
        const token = await createSession(db, sessionSettings, member.id);
        return { id: member.id, token, auctionId: auctionIds[i % AUCTIONS]! };
      }),
    );

    // Through the balancer, websocket transport, reconnecting on their own.
    const sockets: Socket[] = [];
    let stopping = false;
    const stats = { sent: 0, acked: 0, refused: 0, unanswered: 0, reconnects: 0, connectErrors: 0 };
    const ackedIds: number[] = [];
    const refusals = new Map<string, number>();
    const bidLoop = async (member: (typeof members)[number]) => {
      const socket = connect(front, {
        auth: { token: member.token },
        transports: ['websocket'],
        reconnectionDelay: 200,
        reconnectionDelayMax: 1000,
      });
      sockets.push(socket);
      socket.io.on('reconnect', () => stats.reconnects++);
      socket.on('connect_error', () => stats.connectErrors++);
      while (!stopping) {
        if (!socket.connected) {
          await sleep(100);
          continue;
        }
        const auctionId = member.auctionId;
        const amount = (lead.get(auctionId) ?? 0) + BID_STEP * (1 + Math.floor(Math.random() * 3));
        const answer = new Promise<'acked' | 'refused' | 'unanswered'>((resolve) => {
          const timer = setTimeout(() => finish('unanswered'), 15_000);
          const onSuccess = (payload: {
            bid: { id: number; auction_id: number; bid_amount: number };
          }) => {
            if (payload.bid.auction_id !== auctionId) return;
            ackedIds.push(payload.bid.id);
            lead.set(auctionId, Math.max(lead.get(auctionId) ?? 0, payload.bid.bid_amount));
            finish('acked');
          };
          const onError = (payload: { message: string; auctionId: number | null }) => {
            if (payload.auctionId !== auctionId) return;
            expect(payload.message.length).toBeGreaterThan(0);
            refusals.set(payload.message, (refusals.get(payload.message) ?? 0) + 1);
            finish('refused');
          };
          function finish(result: 'acked' | 'refused' | 'unanswered') {
            clearTimeout(timer);
            socket.off('bidSuccess', onSuccess);
            socket.off('bidError', onError);
            resolve(result);
          }
          socket.on('bidSuccess', onSuccess);
          socket.on('bidError', onError);
        });
        stats.sent++;
        socket.emit('placeBid', { auctionId, bidderId: member.id, bidAmount: amount });
        stats[await answer]++;
        await sleep(300 + Math.random() * 400);
      }
    };
    const loops = members.map(bidLoop);

    // A member's browser asking the balancer for pages the whole time: never a 5xx.
    const http = { requests: 0, fiveHundreds: 0 };
    const probing = (async () => {
      const headers = { authorization: `Bearer ${members[0]!.token}` };
      while (!stopping) {
        for (const url of ['/api/auth/me', '/api/config/app']) {
          const res = await fetch(`${front}${url}`, { headers }).catch(() => null);
          http.requests++;
          if (!res || res.status >= 500) http.fiveHundreds++;
        }
        await sleep(50);
      }
    })();
    await sleep(3000);

    // Rolling restart: each server in turn drains (SIGTERM) and is started again.
    const restartMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const child = servers[i]!;
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      const began = Date.now();
      child.kill('SIGTERM');
      await sleep(200);
      expect(await readyAt(direct(i))).toBe(false);
      expect(await exited).toBe(0);
      startServer(i);
      await until(`server ${i} ready again`, () => readyAt(direct(i)));
      restartMs.push(Date.now() - began);
      await sleep(1500);
    }
    figures.restartEachMs = restartMs.join('/');

    // Redis stopped and started: no 5xx, and readiness says so on every server.
    await redis.stop();
    await until('every server reports Redis down', async () => {
      const ready = await Promise.all([0, 1, 2].map((i) => readyAt(direct(i))));
      return ready.every((r) => !r);
    });
    await sleep(3000);
    const redisBack = Date.now();
    await redis.start();
    await until('every server ready again', async () => {
      const ready = await Promise.all([0, 1, 2].map((i) => readyAt(direct(i))));
      return ready.every(Boolean);
    });
    figures.readyAfterRedisBackMs = Date.now() - redisBack;
    await sleep(2000);

    stopping = true;
    await Promise.all(loops);
    await probing;
    for (const socket of sockets) socket.close();
    Object.assign(figures, stats, {
      httpRequests: http.requests,
      http5xx: http.fiveHundreds,
      refusalReasons: [...refusals.keys()].join(' | '),
    });

    expect(stats.acked).toBeGreaterThan(200);
    expect(http.fiveHundreds).toBe(0);
    // Every acknowledged bid is stored once; no bid was stored without its answer.
    const stored = await rows<{ id: number }>(
      db,
      sql`SELECT id FROM bids WHERE user_id IN ${sql.raw(`(${members.map((m) => m.id).join(',')})`)}`,
    );
    expect(stored.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      [...ackedIds].sort((a, b) => a - b),
    );
    expect(await ledgerProblems(db)).toEqual([]);
    // Known gap (issue 18 note): a few bids emitted as a transport closes never reach a
    // server (Socket.IO does not resend client packets); they are not stored (checked
    // above: stored = acknowledged), but the member gets no answer until the 15 s timeout.
    expect(stats.unanswered).toBeLessThan(stats.sent / 100);
  }, 240_000);

  it('a forged X-Forwarded-For does not escape the sign-in limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await fetch(`${front}/api/auth/check-phone-number-exists`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.${randomBytes(1)[0]}`,
        },
        body: JSON.stringify({ phone_number: '+12125550143' }),
      });
      statuses.push(res.status);
    }
    figures.forgedXffStatuses = statuses.join(',');
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    expect(statuses.every((s) => s < 500)).toBe(true);
  });
});

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
