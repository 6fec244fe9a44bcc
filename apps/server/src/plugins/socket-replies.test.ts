// Replies to one socket (a room's card, the online list asked again) stay on their server
// and are kept for no recovery; broadcasts are still kept, and a recovered reconnect still
// gets them.
import type { AddressInfo } from 'node:net';
import { auctionRoom } from '@bidboard/shared';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import { buildBidder, testClock } from '../../test/marketplace';
import { nextEvent, openAuctionOf } from '../../test/sockets';
import { adapterStreamName } from './socket';

const clock = testClock('2025-07-01T15:00:00Z');
const redisUrl = process.env.TEST_REDIS_URL;

const apps: TestApp[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const t of apps) await t.close();
});

async function listening(env: Record<string, string>) {
  const t = await createTestApp({ SWEEPER_ENABLED: 'false', ...env }, { clock: clock.clock });
  apps.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

/** A member on a socket that reconnects (and recovers), once it knows who is online. */
async function connected(t: TestApp, url: string) {
  const member = await buildBidder(t.database.db, 0);
  const { token } = await signIn(t, member.phone_number);
  const socket = connect(url, {
    auth: { token },
    transports: ['websocket'],
    reconnectionDelay: 300,
    randomizationFactor: 0,
  });
  sockets.push(socket);
  const seen: string[] = [];
  socket.onAny((event: string) => seen.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await vi.waitFor(() => expect(seen).toContain('onlineUsers'));
  return { socket, seen };
}

/** Joins an open auction's room; resolves with its id once its card arrived. */
async function watch(t: TestApp, socket: Socket) {
  const owner = await buildBidder(t.database.db, 0);
  const auctionId = await openAuctionOf(t, clock.clock, owner.id);
  const joined = nextEvent(socket, 'roomJoined');
  socket.emit('joinRoom', auctionRoom(auctionId));
  await joined;
  return auctionId;
}

/** The client's announcement after connecting, answered with the online list again. */
async function askOnline(socket: Socket) {
  const answered = nextEvent(socket, 'onlineUsers');
  socket.emit('connectUser');
  await answered;
}

const update = (auctionId: number) => ({
  id: auctionId,
  bidAmount: 120,
  bidderId: 1,
  bidderUsername: null,
  reserveMet: null,
});

describe('socket replies on a server without Redis', () => {
  it('keeps no reply for recovery, keeps broadcasts, and replays a missed one', async () => {
    const { t, url } = await listening({});
    // The in-memory adapter's store of packets for recovery: what the replies stay out of.
    const kept = () => (t.app.io.of('/').adapter as unknown as { packets: unknown[] }).packets;
    const { socket, seen } = await connected(t, url);
    // The connect's online list is kept: a reconnect recovers from the last kept offset.
    expect(kept()).toHaveLength(1);
    const auctionId = await watch(t, socket);
    await askOnline(socket);
    expect(kept()).toHaveLength(1);

    socket.io.engine.close();
    await vi.waitFor(() => expect(t.app.io.of('/').sockets.size).toBe(0));
    t.app.io.to(auctionRoom(auctionId)).emit('bidUpdate', update(auctionId));
    expect(kept()).toHaveLength(2);

    const replayed = nextEvent(socket, 'bidUpdate');
    await nextEvent(socket, 'connect');
    expect(socket.recovered).toBe(true);
    expect(await replayed).toMatchObject({ id: auctionId, bidAmount: 120 });
    expect(seen.filter((event) => event === 'roomJoined')).toHaveLength(1);
  });
});

describe.skipIf(!redisUrl)('socket replies on servers sharing Redis', () => {
  it('answers a room join and the online list asked again without writing to the stream', async () => {
    const { t, url } = await listening({ REDIS_URL: redisUrl! });
    const redis = new Redis(redisUrl!);
    try {
      const stream = adapterStreamName(t.config.REDIS_PREFIX);
      const { socket } = await connected(t, url);
      const before = await redis.xlen(stream);
      const auctionId = await watch(t, socket);
      await askOnline(socket);
      expect(await redis.xlen(stream)).toBe(before);

      t.app.io.to(auctionRoom(auctionId)).emit('bidUpdate', update(auctionId));
      await vi.waitFor(async () => expect(await redis.xlen(stream)).toBe(before + 1));
    } finally {
      redis.disconnect();
    }
  });
});
