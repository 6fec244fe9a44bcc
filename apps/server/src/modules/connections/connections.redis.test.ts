// Two servers sharing Redis: a member acting through one server is heard by the other
// member connected to the other server.
import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { pendingConnections } from '../../../test/connections';
import { testClock } from '../../../test/marketplace';
import { buildApp } from '../../app';

const redisUrl = process.env.TEST_REDIS_URL;
const clock = testClock('2025-08-04T15:00:00Z');

describe.skipIf(!redisUrl)('connection events across servers through Redis', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    a = await createTestApp(
      { REDIS_URL: redisUrl!, SWEEPER_ENABLED: 'false' },
      { clock: clock.clock },
    );
    b = await buildApp({ config: a.config, database: a.database, sms: a.sms, clock: clock.clock });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('the owner accepts on server A; the bidder on server B hears the event and the alert', async () => {
    const [made] = await pendingConnections(a.database.db, clock, 1);
    const bidder = await signIn(a, made!.bidder.phone_number);
    const owner = await signIn(a, made!.owner.phone_number);
    const socket = connect(`http://127.0.0.1:${(b.server.address() as AddressInfo).port}`, {
      auth: { token: bidder.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const accepted = new Promise((resolve) => socket.on('connectionAccepted', resolve));
    const alert = new Promise((resolve) => socket.on('new-alert', resolve));
    // The streams adapter needs a moment to start reading before the first emit.
    await new Promise((r) => setTimeout(r, 300));
    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/connections/${made!.id}/status`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { status: 'accepted' },
    });
    expect(res.statusCode).toBe(200);
    expect(await accepted).toMatchObject({ connectionId: made!.id, status: 'accepted' });
    expect(await alert).toMatchObject({ kind: 'connection_accepted' });
    socket.close();
  });
});
