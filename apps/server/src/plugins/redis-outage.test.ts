// Redis going away and coming back (plugins/redis.ts), on a Redis of the test's own: no
// request fails, limits still hold per server, readiness tells the truth, a server started
// without Redis turns ready when it answers, and every key written carries REDIS_PREFIX.
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import { buildBidder } from '../../test/marketplace';
import { hasRedisServer, type OwnRedis, ownRedis } from '../../test/redis-server';

if (!hasRedisServer)
  console.log('[tests] redis-server not installed: the Redis outage tests are skipped');

async function until(what: string, check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting until ${what}`);
}

describe.skipIf(!hasRedisServer)('Redis outage', () => {
  let redis: OwnRedis;
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];
  const prefix = `outage-${process.pid}`;
  beforeAll(async () => {
    redis = await ownRedis();
    t = await createTestApp({
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      SWEEPER_ENABLED: 'false',
      OTP_ROUTE_MAX_PER_MINUTE: '4',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
    await redis?.stop();
  });

  const ready = async () => (await t.app.inject({ url: '/api/ready' })).statusCode === 200;
  const checkPhone = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/check-phone-number-exists',
      payload: { phone_number: '+12125550143' },
      remoteAddress: '203.0.113.9',
    });
  const socketOf = async (token: string) => {
    const socket = connect(url, { auth: { token }, transports: ['websocket'] });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };

  it('keeps every key and stream under REDIS_PREFIX', async () => {
    const member = await buildBidder(t.database.db, 0);
    const { token } = await signIn(t, member.phone_number);
    const socket = await socketOf(token);
    socket.emit('userActivity');
    await checkPhone();
    // A transport closed under the socket: its session is kept for recovery.
    socket.io.engine.close();
    await new Promise((r) => setTimeout(r, 300));
    const probe = new Redis(redis.url);
    const keys = await probe.keys('*');
    await probe.quit();
    expect(keys.length).toBeGreaterThan(3);
    expect(keys.filter((k) => !k.startsWith(`${prefix}:`))).toEqual([]);
    expect(keys.some((k) => k.startsWith(`${prefix}:socket.io-session:`))).toBe(true);
  });

  it('answers without 5xx while Redis is down, counts limits per server, and heals', async () => {
    const member = await buildBidder(t.database.db, 0);
    const { token } = await signIn(t, member.phone_number);
    const headers = { authorization: `Bearer ${token}` };
    expect(await ready()).toBe(true);

    await redis.stop();
    await until('readiness reports Redis down', async () => !(await ready()));
    const report = await t.app.inject({ url: '/api/ready' });
    expect(report.statusCode).toBe(503);
    expect(report.json().checks.redis).not.toBe('ok');

    // The sign-in limit still holds (this server's own count), and nothing fails.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await checkPhone()).statusCode);
    expect(statuses.every((s) => s < 500)).toBe(true);
    expect(statuses).toContain(429);
    expect((await t.app.inject({ url: '/api/auth/me', headers })).statusCode).toBe(200);
    const logout = await signIn(t, member.phone_number);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${logout.token}` },
    });
    expect(out.statusCode).toBeLessThan(500);
    // Sockets connect, and presence answers from this server alone.
    const socket = await socketOf(token);
    expect(socket.connected).toBe(true);
    expect([...(await t.app.presence.online([member.id]))]).toEqual([member.id]);
    // A socket dropping now cannot be kept for recovery: the server carries on (the
    // adapter's unhandled failure used to stop the process).
    const dropping = await socketOf(token);
    dropping.io.engine.close();
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.app.inject({ url: '/api/auth/me', headers })).statusCode).toBe(200);

    await redis.start();
    await until('readiness reports Redis back', ready);
    // The next refresh registers this server's sockets again in the empty Redis.
    await t.app.presence.refresh();
    expect([...(await t.app.presence.store.online([member.id], Date.now()))]).toEqual([member.id]);
  });
});

describe.skipIf(!hasRedisServer)('a server started while Redis is down', () => {
  it('comes up alive but not ready, and turns ready when Redis answers', async () => {
    const redis = await ownRedis();
    await redis.stop();
    const t = await createTestApp({ REDIS_URL: redis.url, SWEEPER_ENABLED: 'false' });
    try {
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      const notReady = await t.app.inject({ url: '/api/ready' });
      expect(notReady.statusCode).toBe(503);
      const limited = await t.app.inject({ url: '/api/config/app' });
      expect(limited.statusCode).toBe(200);
      await redis.start();
      await until(
        'ready',
        async () => (await t.app.inject({ url: '/api/ready' })).statusCode === 200,
      );
    } finally {
      await t.close();
      await redis.stop();
    }
  });
});
