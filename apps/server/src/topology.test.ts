// The production topology as shipped (issue 18): deploy/haproxy.cfg in front of three
// servers started from release/ with `node` alone, on PostgreSQL and a Redis of the test's
// own. The three start together on an empty database; 100 members bid over websockets
// through the balancer while each server in turn gets SIGTERM and is started again, and
// while Redis is stopped and started. Every bid sent is answered (bidSuccess, stored exactly
// once, or bidError with a message), the ledger holds, the balancer never answers 5xx,
// readiness tells the truth, and a forged X-Forwarded-For does not escape the sign-in limit.
// Figures are printed at the end ([topology] ...).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BID_STEP, bidOutbox, conversationId } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingConnections } from '../test/connections';
import { buildMember } from '../test/factories';
import { buildBidder, ledgerProblems, testClock } from '../test/marketplace';
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
/** Of the members, how many bid over Socket.IO's long-polling transport. */
const POLLING_MEMBERS = 10;
const AUCTIONS = 20;
/** Pairs with an accepted connection writing to each other the whole run. */
const CHAT_PAIRS = 10;
// Two failed checks (1 s apart, each up to 2 s on a loaded machine) take a server out of the
// balancer before it stops taking requests.
const DRAIN_DELAY_MS = 4000;

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
  // A connection reset (a server closing its idle keep-alive connections as it drains) is
  // not ready either.
  const readyAt = (base: string) =>
    fetch(`${base}/api/ready`).then(
      (res) => res.status === 200,
      () => false,
    );

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
        // Every simulated member comes from this one address: the per-address limit would
        // refuse them as one.
        RATE_LIMIT_MAX: '100000',
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

  it('answers every bid and delivers every message once through a rolling restart and a Redis outage', async () => {
    const db = database.db;
    // The servers' signing key, derived from the JWT_SECRET they were given.
    const { jwtKey } = loadSecrets({ JWT_SECRET: env.JWT_SECRET } as Config);
    const sessionSettings = {
      key: jwtKey,
      idleSeconds: 3600,
      absoluteSeconds: 7200,
      clock: () => new Date(),
    };
    const sessionOf = (id: number) => createSession(db, sessionSettings, id);

    // Chat pairs made the real way (a bid, a close, the owner accepting through the
    // balancer); the close ends the open period, so the bidding auctions come after it.
    const made = await pendingConnections(db, testClock(new Date().toISOString()), CHAT_PAIRS, {
      amount: 100,
    });
    const pairs = await Promise.all(
      made.map(async (connection) => {
        const owner = { id: connection.owner.id, token: await sessionOf(connection.owner.id) };
        const bidder = { id: connection.bidder.id, token: await sessionOf(connection.bidder.id) };
        const res = await fetch(`${front}/api/connections/${connection.id}/status`, {
          method: 'PUT',
          headers: { ...bearer(owner.token), 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'accepted' }),
        });
        expect(res.status).toBe(200);
        return { cid: conversationId(owner.id, bidder.id), members: [owner, bidder] };
      }),
    );

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
        const token = await sessionOf(member.id);
        return { id: member.id, token, auctionId: auctionIds[i % AUCTIONS]! };
      }),
    );

    // Through the balancer, reconnecting on their own: most on websockets, some forced to
    // long-polling, whose requests must all reach the server holding their session (the
    // balancer's cookie; the client keeps cookies with withCredentials).
    const sockets: Socket[] = [];
    let stopping = false;
    const stats = {
      sent: 0,
      acked: 0,
      refused: 0,
      unanswered: 0,
      resent: 0,
      answeredTwice: 0,
      reconnects: 0,
      connectErrors: 0,
      pollingBidsAcked: 0,
    };
    const ackedIds: number[] = [];
    const refusals = new Map<string, number>();
    const unansweredDetail: string[] = [];
    const open = (token: string, polling: boolean) => {
      const socket = connect(front, {
        auth: { token },
        transports: polling ? ['polling'] : ['websocket'],
        upgrade: !polling,
        withCredentials: true,
        reconnectionDelay: 200,
        reconnectionDelayMax: 1000,
      });
      sockets.push(socket);
      socket.io.on('reconnect', () => stats.reconnects++);
      socket.on('connect_error', () => stats.connectErrors++);
      return socket;
    };
    const bidLoop = async (member: (typeof members)[number], polling: boolean) => {
      const socket = open(member.token, polling);
      // The web client's own outbox: a key per bid, resent after a reconnect if unanswered.
      const emits = new Map<string, number>();
      let connects = 0;
      socket.on('connect', () => connects++);
      const outbox = bidOutbox(
        {
          get connected() {
            return socket.connected;
          },
          emit: (event, payload) => {
            stats.resent++;
            if (payload.key) emits.set(payload.key, (emits.get(payload.key) ?? 0) + 1);
            return socket.emit(event, payload);
          },
          on: (event: string, listener: (payload: { key?: string }) => void) =>
            socket.on(event as 'bidSuccess', listener),
        },
        { newKey: randomUUID },
      );
      const waiting = new Map<string, (answer: 'acked' | 'refused') => void>();
      const answered = new Set<string>();
      const answer = (kind: 'acked' | 'refused', key: string | undefined) => {
        if (key === undefined) return false;
        if (answered.has(key)) {
          stats.answeredTwice++;
          return false;
        }
        answered.add(key);
        waiting.get(key)?.(kind);
        return true;
      };
      socket.on('bidSuccess', (payload) => {
        if (!answer('acked', payload.key)) return;
        ackedIds.push(payload.bid.id);
        if (polling) stats.pollingBidsAcked++;
        const auctionId = payload.bid.auction_id;
        lead.set(auctionId, Math.max(lead.get(auctionId) ?? 0, payload.bid.bid_amount));
      });
      const refused = (payload: { code: string; message: string; key?: string }) => {
        if (!answer('refused', payload.key)) return;
        expect(payload.message.length).toBeGreaterThan(0);
        refusals.set(payload.code, (refusals.get(payload.code) ?? 0) + 1);
      };
      socket.on('bidError', refused);
      socket.on('socketError', refused);
      while (!stopping) {
        if (!socket.connected) {
          await sleep(100);
          continue;
        }
        const auctionId = member.auctionId;
        const amount = (lead.get(auctionId) ?? 0) + BID_STEP * (1 + Math.floor(Math.random() * 3));
        stats.sent++;
        stats.resent--;
        const key = outbox.send({ auctionId, bidderId: member.id, bidAmount: amount });
        const connectsBefore = connects;
        const result = await new Promise<'acked' | 'refused' | 'unanswered'>((resolve) => {
          const timer = setTimeout(() => {
            // What became of it, for a failure's diagnosis.
            unansweredDetail.push(
              `${polling ? 'polling' : 'ws'} sent ${emits.get(key)}x, ${connects - connectsBefore} reconnects, connected ${socket.connected}`,
            );
            resolve('unanswered');
          }, 15_000);
          waiting.set(key, (kind) => {
            clearTimeout(timer);
            resolve(kind);
          });
        });
        waiting.delete(key);
        stats[result]++;
        await sleep(300 + Math.random() * 400);
      }
    };
    const loops = members.map((member, i) => bidLoop(member, i < POLLING_MEMBERS));

    // Chat: both members of each pair write to each other over HTTP through the balancer
    // and hold the conversation as the web client does: messages from the send's answer
    // and 'new-message' events, kept by seq; after a reconnect that did not recover the
    // missed events, or on a gap in seqs, everything after the gap-free run is fetched.
    const chat = {
      sent: 0,
      stored: 0,
      refused: 0,
      failed: 0,
      live: 0,
      caughtUp: 0,
      seenTwice: 0,
      recovered: 0,
    };
    const sentIds: number[] = [];
    const chatFailures: string[] = [];
    const holders: { cid: string; held: Map<number, number> }[] = [];
    const chatLoop = async (cid: string, me: { id: number; token: string }) => {
      const socket = open(me.token, false);
      const held = new Map<number, number>();
      holders.push({ cid, held });
      const keep = (message: { id: number; seq: number }) => {
        const known = held.get(message.seq);
        if (known !== undefined) {
          expect(known).toBe(message.id);
          chat.seenTwice++;
          return false;
        }
        held.set(message.seq, message.id);
        return true;
      };
      const gapFreeEnd = () => {
        let seq = 0;
        while (held.has(seq + 1)) seq++;
        return seq === 0 ? 0 : held.get(seq)!;
      };
      let catchingUp: Promise<void> | null = null;
      const catchUp = () => {
        catchingUp ??= (async () => {
          let after: number | null = gapFreeEnd();
          while (after !== null) {
            const page = (await fetch(
              `${front}/api/chat/conversations/${cid}/messages?after=${after}`,
              { headers: bearer(me.token) },
            )
              .then((res) => (res.status === 200 ? res.json() : null))
              .catch(() => null)) as {
              messages: { id: number; seq: number }[];
              nextCursor: number | null;
            } | null;
            if (!page) break;
            for (const message of page.messages) if (keep(message)) chat.caughtUp++;
            after = page.nextCursor;
          }
        })().finally(() => {
          catchingUp = null;
        });
        return catchingUp;
      };
      socket.on('connect', () => {
        if (socket.recovered) chat.recovered++;
        else void catchUp();
      });
      socket.on('new-message', ({ cid: from, message }) => {
        if (from !== cid) return;
        if (keep(message)) chat.live++;
        if (held.size < message.seq) void catchUp();
      });
      let n = 0;
      while (!stopping) {
        chat.sent++;
        const answer = await fetch(`${front}/api/chat/conversations/${cid}/messages`, {
          method: 'POST',
          headers: { ...bearer(me.token), 'content-type': 'application/json' },
          body: JSON.stringify({ text: `hello ${me.id} #${++n}` }),
        })
          .then(async (res) => ({ status: res.status, body: await res.json() }))
          .catch((error: unknown) => {
            chatFailures.push(String((error as Error).cause ?? error));
            return null;
          });
        if (answer?.status === 200) {
          const { message } = answer.body as { message: { id: number; seq: number } };
          chat.stored++;
          sentIds.push(message.id);
          keep(message);
        } else if (answer && answer.status < 500) {
          expect((answer.body as { message: string }).message.length).toBeGreaterThan(0);
          chat.refused++;
        } else {
          chat.failed++;
        }
        await sleep(800 + Math.random() * 800);
      }
      // Trailing events: the last messages of the partner, then one last gap check.
      await sleep(1500);
      await catchingUp;
      if (held.size < Math.max(0, ...held.keys())) await catchUp();
    };
    const chats = pairs.flatMap((pair) => pair.members.map((me) => chatLoop(pair.cid, me)));

    // A member's browser asking the balancer for pages the whole time: never a 5xx.
    const http = { requests: 0, fiveHundreds: 0 };
    const probing = (async () => {
      const headers = bearer(members[0]!.token);
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
    await Promise.all(chats);
    await probing;
    for (const socket of sockets) socket.close();
    Object.assign(figures, stats, {
      httpRequests: http.requests,
      http5xx: http.fiveHundreds,
      refusedByCode: Object.fromEntries(refusals),
      unansweredDetail: unansweredDetail.join(' | '),
      chat: JSON.stringify(chat),
      chatFailures: chatFailures.join(' | '),
    });

    const messages = await rows<{ id: number; cid: string; seq: number }>(
      db,
      sql`SELECT id, cid, seq FROM messages
           WHERE cid IN ${sql.raw(`(${pairs.map((p) => `'${p.cid}'`).join(',')})`)}`,
    );
    const acknowledged = new Set(sentIds);
    figures.messagesStoredUnacknowledged = messages.filter(
      (m) => !acknowledged.has(Number(m.id)),
    ).length;

    expect(stats.acked).toBeGreaterThan(200);
    expect(http.fiveHundreds).toBe(0);
    // Every bid sent got an answer: acknowledged, or refused with a message.
    expect(stats.unanswered).toBe(0);
    expect(stats.acked + stats.refused).toBe(stats.sent);
    expect(stats.pollingBidsAcked).toBeGreaterThan(0);
    // Every acknowledged bid is stored once; none was stored twice or without its answer.
    const stored = await rows<{ id: number }>(
      db,
      sql`SELECT id FROM bids WHERE user_id IN ${sql.raw(`(${members.map((m) => m.id).join(',')})`)}`,
    );
    expect(stored.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      [...ackedIds].sort((a, b) => a - b),
    );
    expect(await ledgerProblems(db)).toEqual([]);

    // Every message sent was stored once, or refused with a message; each member holds
    // every message of the conversation, each seq once, with no gap.
    expect(chat.failed).toBe(0);
    expect(chat.stored).toBeGreaterThan(100);
    expect(messages.map((m) => Number(m.id)).sort((a, b) => a - b)).toEqual(
      [...sentIds].sort((a, b) => a - b),
    );
    for (const { cid, held } of holders) {
      const expected = messages
        .filter((m) => m.cid === cid)
        .map((m) => [m.seq, Number(m.id)] as const)
        .sort((a, b) => a[0] - b[0]);
      expect(
        [...held.entries()].sort((a, b) => a[0] - b[0]),
        cid,
      ).toEqual(expected);
    }
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

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
