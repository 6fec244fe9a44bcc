// Two servers sharing Redis: an event emitted on one reaches a member connected to the other.
import type { AddressInfo } from 'node:net';
import { userRoom } from '@bidboard/shared';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import { buildMember } from '../../test/factories';
import { buildApp } from '../app';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('Socket.IO across servers through Redis', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl! });
    b = await buildApp({ config: a.config, database: a.database, sms: a.sms });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers to a member on the other server', async () => {
    const member = await buildMember(a.database.db);
    const { token } = await signIn(a, member.phone_number);
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
    const received = new Promise((resolve) => socket.on('new-alert', resolve));
    // The streams adapter needs a moment to start reading before the first emit.
    await new Promise((r) => setTimeout(r, 300));
    a.app.io.to(userRoom(member.id)).emit('new-alert', {
      id: 7,
      kind: 'outbid',
      message: 'From server A',
      payload: {},
      created_at: new Date().toISOString(),
      isRead: false,
    });
    expect(await received).toMatchObject({ id: 7, message: 'From server A' });
    socket.close();
  });
});
