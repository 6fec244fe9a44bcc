// Two servers sharing PostgreSQL and Redis: an admin suspends a member on server A while the
// member's socket is on server B; B cuts it within a second and refuses it back.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildBidder } from '../../../test/marketplace';
import { buildApp } from '../../app';
import { users } from '../../db/schema';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('suspension across servers', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl!, SWEEPER_ENABLED: 'false' });
    b = await buildApp({ config: a.config, database: a.database, sms: a.sms });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('cuts the member’s socket on the other server within a second', async () => {
    const member = await buildBidder(a.database.db, 0);
    const admin = await buildBidder(a.database.db, 0);
    const { token } = await signIn(a, member.phone_number);
    const adminToken = (await signIn(a, admin.phone_number)).token;
    await a.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const url = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
    const socket = connect(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    // Server B's own cache knows the session before the suspension.
    const before = await b.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(before.statusCode).toBe(200);
    const cut = new Promise<number>((resolve) =>
      socket.on('disconnect', () => resolve(Date.now())),
    );

    const started = Date.now();
    const res = await a.app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.id}/suspend`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { reason: 'Harassment' },
    });
    expect(res.statusCode).toBe(200);
    expect((await cut) - started).toBeLessThan(1000);

    const after = await b.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    const again = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    const refused = await new Promise<string>((resolve) =>
      again.on('connect_error', (error) => resolve(error.message)),
    );
    expect(refused).toMatch(/Authentication failed/);
    again.close();
    socket.close();
  });
});
