// The countdown sync tells each socket once an interval and a slice of them at a time, on a
// real Socket.IO server with real clients.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { PeriodRow } from '../modules/auctions/periods.service';
import type { AppSocketServer } from '../plugins/socket';
import { startCountdownSync } from './countdown-sync';

const period: PeriodRow = {
  id: 7,
  start_time: new Date('2025-07-03T00:00:00Z'),
  end_time: new Date('2025-07-10T00:00:00Z'),
  status: 'open',
};

interface Sync {
  secondsRemaining: number;
  timestamp: number;
  periodId: number;
  endTime: string;
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function socketServer(options: ConstructorParameters<typeof Server>[1] = {}) {
  const http = createServer();
  const io = new Server(http, options) as unknown as AppSocketServer;
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => io.close(() => resolve(undefined))));
  return { io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

async function client(
  url: string,
  reconnection = false,
): Promise<{ socket: Socket; syncs: Sync[] }> {
  const socket = connect(url, { transports: ['websocket'], reconnection, reconnectionDelay: 50 });
  cleanups.push(() => socket.close());
  const syncs: Sync[] = [];
  socket.on('countdownSync', (sync: Sync) => syncs.push(sync));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, syncs };
}

async function until(done: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A clock that moves one second per reading: each tick's syncs carry their own timestamp. */
function tickingClock(start: Date) {
  let readings = 0;
  return () => new Date(start.getTime() + 1000 * readings++);
}

describe('countdown sync', () => {
  it('tells every socket once an interval, a slice of them at a time', async () => {
    const { io, url } = await socketServer();
    const early = await Promise.all([1, 2, 3, 4].map(() => client(url)));
    let reads = 0;
    const stop = startCountdownSync({
      currentPeriod: async () => {
        reads++;
        return period;
      },
      clock: tickingClock(new Date('2025-07-09T23:00:00Z')),
      io,
      intervalMs: 800,
      slices: 4,
    });
    cleanups.push(stop);
    // Sockets there before the sync started and sockets that came after are both dealt in.
    const late = await Promise.all([1, 2, 3, 4].map(() => client(url)));
    const clients = [...early, ...late];
    await until(() => clients.every((c) => c.syncs.length >= 2));
    const readsSoFar = reads;

    const told = new Map<number, number>();
    for (const { syncs } of clients) {
      for (const sync of syncs) told.set(sync.timestamp, (told.get(sync.timestamp) ?? 0) + 1);
      // A socket's own slice comes round once every interval: four ticks apart.
      expect(syncs[1]!.timestamp - syncs[0]!.timestamp).toBe(4000);
      expect(syncs[0]).toMatchObject({ periodId: 7, endTime: '2025-07-10T00:00:00.000Z' });
    }
    // Eight sockets in four slices: no tick tells more than two of them.
    expect(Math.max(...told.values())).toBe(2);
    // The period is read once a round, not once a tick.
    expect(readsSoFar).toBeLessThanOrEqual(Math.ceil(told.size / 4) + 1);
    const first = clients[0]!.syncs[0]!;
    // The ticking clock reads whole seconds: the seconds left are exact.
    expect(first.secondsRemaining).toBe((period.end_time.getTime() - first.timestamp) / 1000);

    stop();
    const counts = clients.map((c) => c.syncs.length);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(clients.map((c) => c.syncs.length)).toEqual(counts);
  });

  it('keeps a recovered socket in its one slice', async () => {
    const { io, url } = await socketServer({
      connectionStateRecovery: { maxDisconnectionDuration: 60_000 },
    });
    cleanups.push(
      startCountdownSync({
        currentPeriod: async () => period,
        clock: () => new Date(),
        io,
        intervalMs: 400,
        slices: 4,
      }),
    );
    const { socket, syncs } = await client(url, true);
    await until(() => syncs.length >= 1);
    const slicesOf = () =>
      [...io.of('/').sockets.values()].flatMap((s) =>
        [...s.rooms].filter((room) => room.startsWith('countdown_')),
      );
    expect(slicesOf()).toHaveLength(1);

    // The connection drops; the client comes back within the recovery window.
    const recovered = new Promise<boolean>((resolve) =>
      socket.once('connect', () => resolve(socket.recovered)),
    );
    socket.io.engine.close();
    expect(await recovered).toBe(true);
    expect(slicesOf()).toHaveLength(1);

    const before = syncs.length;
    await until(() => syncs.length >= before + 2);
    const [a, b] = syncs.slice(-2);
    // Still told once an interval, not once per slice it sits in.
    expect(b!.timestamp - a!.timestamp).toBeGreaterThanOrEqual(300);
  });

  it('tells nobody while no period is open', async () => {
    const { io, url } = await socketServer();
    let reads = 0;
    const errors: unknown[] = [];
    cleanups.push(
      startCountdownSync({
        currentPeriod: async () => {
          reads++;
          return null;
        },
        clock: () => new Date(),
        io,
        intervalMs: 200,
        slices: 2,
        onError: (error) => errors.push(error),
      }),
    );
    const { syncs } = await client(url);
    await until(() => reads >= 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(syncs).toEqual([]);
    // No open period is not a failure of the job: nothing is logged as one.
    expect(errors).toEqual([]);
  });
});
