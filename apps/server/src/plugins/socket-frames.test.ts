import { createServer } from 'node:http';
import type { AddressInfo, Socket as NetSocket } from 'node:net';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendQueuedFramesTogether } from './socket-frames';

const http = createServer();
// The app's setting: every emit to a socket is a pre-encoded broadcast frame.
const io = new Server(http, { connectionStateRecovery: {} });
let url: string;
beforeAll(async () => {
  sendQueuedFramesTogether();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => io.close(() => resolve())));

/** Counts the writes handed to the kernel on one TCP connection from now on. */
function countWrites(connection: NetSocket) {
  const counted = { writes: 0 };
  const socket = connection as NetSocket & {
    _write: (...args: unknown[]) => void;
    _writev: (...args: unknown[]) => void;
  };
  for (const method of ['_write', '_writev'] as const) {
    const original = socket[method].bind(socket);
    socket[method] = (...args: unknown[]) => {
      counted.writes += 1;
      original(...args);
    };
  }
  return counted;
}

describe('queued frames', () => {
  it('go out together, in order: ten emits at once are two writes, not ten', async () => {
    const counted = new Promise<{ writes: number }>((resolve) => {
      io.once('connection', (socket) => {
        const transport = socket.conn.transport as unknown as {
          socket: { _socket: NetSocket };
        };
        socket.once('go', () => {
          const writes = countWrites(transport.socket._socket);
          // The first goes out at once; the nine emitted while it is in flight wait together.
          for (let i = 0; i < 10; i++) socket.emit('roomJoined', { auctionData: { id: i } });
          socket.once('done', () => resolve(writes));
        });
      });
    });
    const client = connect(url, { transports: ['websocket'], reconnection: false });
    const received: number[] = [];
    client.emit('go');
    await new Promise<void>((resolve) => {
      client.on('roomJoined', ({ auctionData }: { auctionData: { id: number } }) => {
        received.push(auctionData.id);
        if (received.length === 10) resolve();
      });
    });
    client.emit('done');
    const { writes } = await counted;
    client.close();
    expect(received).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(writes).toBe(2);
  });
});
