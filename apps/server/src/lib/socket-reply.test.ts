import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { replyTo } from './socket-reply';

const http = createServer();
const io = new Server(http, { connectionStateRecovery: {} });
let url: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => io.close(() => resolve())));

/** What the adapter keeps for connection-state recovery's replay. */
const kept = () => (io.of('/').adapter as unknown as { packets: unknown[] }).packets.length;

it('sends the answer to that socket alone, in order, and keeps none of it for replay', async () => {
  io.once('connection', (socket) => {
    socket.on('joinRoom', () => {
      replyTo(socket, 'roomJoined', { auctionData: { id: 1 } } as never);
      replyTo(socket, 'onlineUsers', [7]);
    });
  });
  const client = connect(url, { transports: ['websocket'], reconnection: false });
  const other = connect(url, { transports: ['websocket'], reconnection: false });
  const heard: string[] = [];
  other.onAny((event: string) => heard.push(`other ${event}`));
  await new Promise<void>((resolve) => other.on('connect', resolve));
  const before = kept();
  await new Promise<void>((resolve) => {
    client.onAny((event: string, payload: unknown) => {
      heard.push(`${event} ${JSON.stringify(payload)}`);
      if (event === 'onlineUsers') resolve();
    });
    client.emit('joinRoom', 'auction_1');
  });
  expect(heard).toEqual(['roomJoined {"auctionData":{"id":1}}', 'onlineUsers [7]']);
  expect(kept()).toBe(before);
  client.close();
  other.close();
});
