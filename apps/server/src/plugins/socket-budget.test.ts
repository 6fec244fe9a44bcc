// Socket events have a per-member budget (issue 14, defect 3): a flood from one member is
// throttled with a clear error while another member's requests stay fast, and the budget
// is shared by all of a member's sockets, on every server when Redis is configured.
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import { buildBidder } from '../../test/marketplace';
import { type App, buildApp } from '../app';
import { rows } from '../db/client';
import { sweepPeriods } from '../modules/auctions/period-sweep';
import { redisEventCounter } from './socket-budget';

const redisUrl = process.env.TEST_REDIS_URL;

function urlOf(app: App): string {
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function open(url: string, token: string): Promise<Socket> {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

function countRefusals(socket: Socket) {
  const seen = { count: 0, message: '' };
  socket.on('socketError', (p: { code: string; message: string }) => {
    if (p.code !== 'RATE_LIMITED') return;
    seen.count += 1;
    seen.message = p.message;
  });
  return seen;
}

/**
 * The attacker, in its own process as it would be on its own machine: 3,000 joinRoom and
 * placeBid events in about 2 s, then the RATE_LIMITED refusals it got back.
 */
async function flood(
  url: string,
  token: string,
  job: { count: number; auctionId: number; bidderId: number },
): Promise<{ count: number; message: string }> {
  const script = `
    const { io } = require('socket.io-client');
    const job = ${JSON.stringify({ url, token, ...job })};
    const socket = io(job.url, { auth: { token: job.token }, transports: ['websocket'], reconnection: false });
    const seen = { count: 0, message: '' };
    let last = Date.now();
    socket.on('socketError', (p) => {
      if (p.code !== 'RATE_LIMITED') return;
      seen.count += 1;
      seen.message = p.message;
      last = Date.now();
    });
    socket.on('connect', async () => {
      for (let i = 0; i < job.count; i++) {
        if (i % 2 === 0) socket.emit('joinRoom', 'auction_' + job.auctionId);
        else socket.emit('placeBid', { auctionId: job.auctionId, bidderId: job.bidderId, bidAmount: 100 + i });
        if (i % 100 === 99) await new Promise((r) => setTimeout(r, 60));
      }
      last = Date.now();
      const done = setInterval(() => {
        if (Date.now() - last < 500) return;
        clearInterval(done);
        process.stdout.write(JSON.stringify(seen));
        socket.close();
      }, 100);
    });
    socket.on('connect_error', (e) => { console.error(e.message); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  await new Promise((resolve) => child.on('exit', resolve));
  return JSON.parse(out) as { count: number; message: string };
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.95)] ?? 0;
}

describe('a flood of socket events from one member', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ SWEEPER_ENABLED: 'false' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = urlOf(t.app);
    await sweepPeriods({ db: t.database.db, clock: () => new Date() });
  });
  afterAll(() => t?.close());

  it('is throttled with RATE_LIMITED while another member stays fast', async () => {
    const owner = await buildBidder(t.database.db, 0);
    const [auction] = await rows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO auctions (user_id, period_id)
          SELECT ${owner.id}, id FROM auction_periods WHERE status = 'open' RETURNING id`,
    );
    const flooder = await buildBidder(t.database.db, 100_000);
    const bystander = await buildBidder(t.database.db, 0);
    const flooderToken = (await signIn(t, flooder.phone_number)).token;
    const headers = { authorization: `Bearer ${(await signIn(t, bystander.phone_number)).token}` };
    async function timedMe(): Promise<number> {
      const started = performance.now();
      const res = await fetch(`${url}/api/auth/me`, { headers });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      return performance.now() - started;
    }
    // The same requests without a flood, on the same (shared, loaded) machine.
    const quiet: number[] = [];
    for (let i = 0; i < 30; i++) {
      quiet.push(await timedMe());
      await new Promise((r) => setTimeout(r, 10));
    }

    const latencies: number[] = [];
    let flooding = true;
    const bystanderLoop = (async () => {
      while (flooding) {
        latencies.push(await timedMe());
        await new Promise((r) => setTimeout(r, 10));
      }
    })();

    const FLOOD = 3_000;
    const refused = await flood(url, flooderToken, {
      count: FLOOD,
      auctionId: auction!.id,
      bidderId: flooder.id,
    });
    flooding = false;
    await bystanderLoop;

    const budget = t.config.SOCKET_EVENTS_MAX;
    // All but one or two windows' budget is refused (the flood may straddle a window edge).
    expect(refused.count).toBeGreaterThanOrEqual(FLOOD - 2 * budget);
    expect(refused.message).toBe('Too many requests. Please wait a moment before trying again.');
    expect(refused.count).toBeLessThanOrEqual(FLOOD - budget);
    expect(latencies.length).toBeGreaterThan(10);
    console.info(
      `flood: ${refused.count}/${FLOOD} refused; bystander /me p95 ${p95(latencies).toFixed(1)} ms over ${latencies.length} requests (${p95(quiet).toFixed(1)} ms without the flood)`,
    );
    // Generous: 200 ms, or three times the quiet figure when the machine itself is slow
    // (the unthrottled flood took it from 2 ms to 1.8 s).
    expect(p95(latencies)).toBeLessThan(Math.max(200, 3 * p95(quiet)));
  });
});

/** Two sockets of one member, on one server or on two sharing Redis, split one budget. */
function sharedBudget(label: string, servers: number, env: Record<string, string>) {
  describe(label, () => {
    let t: TestApp;
    const apps: App[] = [];
    const sockets: Socket[] = [];
    beforeAll(async () => {
      // A window of an hour: the 80 events below all fall into one.
      t = await createTestApp({
        SWEEPER_ENABLED: 'false',
        SOCKET_EVENTS_MAX: '50',
        SOCKET_EVENTS_WINDOW_SECONDS: '3600',
        ...env,
      });
      apps.push(t.app);
      if (servers > 1) {
        const other = await buildApp({ config: t.config, database: t.database, sms: t.sms });
        apps.push(other);
      }
      for (const app of apps) await app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      for (const app of apps.slice(1)) await app.close();
      await t?.close();
    });

    it('lets 50 of 80 events through over two sockets and refuses 30', async () => {
      const member = await buildBidder(t.database.db, 0);
      const { token } = await signIn(t, member.phone_number);
      const pair = [
        await open(urlOf(apps[0]!), token),
        await open(urlOf(apps[apps.length - 1]!), token),
      ];
      sockets.push(...pair);
      const counts = pair.map(countRefusals);
      for (let i = 0; i < 40; i++) for (const socket of pair) socket.emit('leaveRoom', 1);
      await vi.waitFor(() => expect(counts[0]!.count + counts[1]!.count).toBe(30), {
        timeout: 10_000,
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(counts[0]!.count + counts[1]!.count).toBe(30);
    });
  });
}

sharedBudget('the event budget of one member, in memory', 1, {});

if (!redisUrl) {
  describe('the event budget of one member, shared by two servers through Redis', () => {
    it.skip('needs TEST_REDIS_URL (skipped: no Redis configured for this run)', () => {});
  });
} else {
  sharedBudget('the event budget of one member, shared by two servers through Redis', 2, {
    REDIS_URL: redisUrl,
  });
}

describe.skipIf(!redisUrl)('the shared event count', () => {
  it("counts a member's events of one turn with one Redis call, each in order", async () => {
    const client = new Redis(redisUrl!);
    try {
      const calls = vi.spyOn(client, 'eval');
      const prefix = `budget-test-${process.pid}-${Date.now()}`;
      const count = redisEventCounter({ client }, prefix, 60_000);
      const page = await Promise.all(Array.from({ length: 10 }, () => count(7, 1)));
      const other = await count(8, 1);
      expect(page).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(other).toBe(1);
      expect(calls).toHaveBeenCalledTimes(2);

      expect(await count(7, 1)).toBe(11);
      expect(await client.pttl(`${prefix}:socket-events:7:1`)).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  });
});
