// Members on real sockets against a listening test app: the socket bidding and blocking
// tests open them the same way, and `liveTestApp` serves them.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { rows } from '../src/db/client';
import type { Clock } from '../src/lib/context';
import { sweepPeriods } from '../src/modules/auctions/period-sweep';
import { createTestApp, signIn, type TestApp } from './app';
import { buildBidder } from './marketplace';

/** A signed-in bidder holding `tokens`, with a connected socket added to `sockets`. */
export async function connectedBidder(t: TestApp, url: string, sockets: Socket[], tokens: number) {
  const row = await buildBidder(t.database.db, tokens);
  const { token } = await signIn(t, row.phone_number);
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  return { ...row, socket, headers: { authorization: `Bearer ${token}` } };
}

/** The member's auction in the open period, opening the period if needed. */
export async function openAuctionOf(t: TestApp, clock: Clock, ownerId: number): Promise<number> {
  await sweepPeriods({ db: t.database.db, clock });
  const [auction] = await rows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO auctions (user_id, period_id)
        SELECT ${ownerId}, id FROM auction_periods WHERE status = 'open'
        ON CONFLICT (user_id, period_id) DO UPDATE SET updated_at = now() RETURNING id`,
  );
  return auction!.id;
}

/** The next `event` on `socket`: its payload, or a failure after `ms`. */
export function nextEvent<T = Record<string, unknown>>(
  socket: Socket,
  event: string,
  ms = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/**
 * A test app listening on loopback for one file's tests, on `clock` (sweepers off):
 * `connected` signs in a bidder on a socket, `auctionOf` opens a member's auction, and
 * every socket closes with the app after the file's tests.
 */
export function liveTestApp(clock: Clock) {
  const sockets: Socket[] = [];
  const live = {
    t: undefined as unknown as TestApp,
    url: '',
    connected: (tokens: number) => connectedBidder(live.t, live.url, sockets, tokens),
    auctionOf: (ownerId: number) => openAuctionOf(live.t, clock, ownerId),
  };
  beforeAll(async () => {
    live.t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock });
    await live.t.app.listen({ port: 0, host: '127.0.0.1' });
    live.url = `http://127.0.0.1:${(live.t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await live.t.close();
  });
  return live;
}
