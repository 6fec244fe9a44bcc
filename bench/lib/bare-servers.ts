// Ceilings: a bare Fastify route and a bare Socket.IO server doing the same essential
// work as the app (the same JWT verification, the same SQL through `pg`), nothing else.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import type pg from 'pg';
import { Server } from 'socket.io';
import { bareBid } from './bare-bid';

const VERIFY = { algorithms: ['HS256'], audience: 'bidboard-web', issuer: 'bidboard' };

export const SESSION_MEMBER_SQL = `SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.id = $2`;

type Query = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

export function queryOf(db: pg.Pool | PGlite): Query {
  if ('connect' in db && 'totalCount' in db) {
    const pool = db as pg.Pool;
    return (text, values) => pool.query({ name: 'bare_me', text, values });
  }
  return (text, values) => (db as PGlite).query(text, values);
}

/** GET /me: verify the bearer JWT, one query for session + member, answer the member. */
export async function bareFastify(key: Uint8Array, query: Query) {
  const app = Fastify({ logger: false });
  app.get('/me', async (request, reply) => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return reply.status(401).send({ message: 'Not authenticated' });
    const { payload } = await jwtVerify(token, key, VERIFY);
    const { rows } = await query(SESSION_MEMBER_SQL, [payload.sid, Number(payload.sub)]);
    if (!rows[0]) return reply.status(401).send({ message: 'Not authenticated' });
    return { user: rows[0] };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, app };
}

/**
 * Socket.IO with the JWT checked in the handshake (no database), rooms answered with a
 * card held in memory (the app's own card for the auction when `cards` has it, so both
 * servers send the same bytes), and bids through the bare bid SQL with the app's emits.
 */
export async function bareSocketServer(
  key: Uint8Array,
  pool: pg.Pool,
  cards: ReadonlyMap<number, unknown> = new Map(),
) {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io', serveClient: false });
  io.use(async (socket, next) => {
    try {
      const { payload } = await jwtVerify(String(socket.handshake.auth?.token), key, VERIFY);
      socket.data.userId = Number(payload.sub);
      next();
    } catch {
      next(new Error('Authentication failed'));
    }
  });
  io.on('connection', (socket) => {
    const userId = socket.data.userId as number;
    void socket.join(`user_${userId}`);
    socket.on('joinRoom', (room: string | number) => {
      const id = Number(String(room).replace('auction_', ''));
      void socket.join(`auction_${id}`);
      socket.emit('roomJoined', {
        auctionData: cards.get(id) ?? { auctionId: id, id, current_bid: 0 },
      });
    });
    socket.on('placeBid', async (p: { auctionId: number; bidderId: number; bidAmount: number }) => {
      const outcome = await bareBid(pool, p.auctionId, userId, p.bidAmount);
      if (!outcome.accepted) {
        socket.emit('bidError', { message: 'refused', auctionId: p.auctionId });
        return;
      }
      io.to(`auction_${p.auctionId}`).emit('bidUpdate', {
        id: p.auctionId,
        bidAmount: p.bidAmount,
        bidderId: userId,
        bidderUsername: null,
      });
      io.to(`user_${userId}`).emit('bidSuccess', { bid: {}, tokenBalance: 0 });
      if (outcome.previousLeader !== null) {
        io.to(`user_${outcome.previousLeader}`).emit('leadBidderUpdate', {
          userId: outcome.previousLeader,
          tokenBalance: 0,
        });
        io.to(`user_${outcome.previousLeader}`).emit('new-alert', { kind: 'outbid' });
      }
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: async () => {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

/**
 * The chat ceiling: Socket.IO with the JWT checked in the handshake and each message
 * relayed to both members' rooms as 'new-message', with no database at all.
 */
export async function bareChatRelay(key: Uint8Array) {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io', serveClient: false });
  io.use(async (socket, next) => {
    try {
      const { payload } = await jwtVerify(String(socket.handshake.auth?.token), key, VERIFY);
      socket.data.userId = Number(payload.sub);
      next();
    } catch {
      next(new Error('Authentication failed'));
    }
  });
  let id = 0;
  io.on('connection', (socket) => {
    const userId = socket.data.userId as number;
    void socket.join(`user_${userId}`);
    socket.on('relay', (p: { to: number; cid: string; text: string }) => {
      id += 1;
      io.to([`user_${userId}`, `user_${p.to}`]).emit('new-message', {
        senderId: userId,
        cid: p.cid,
        message: { id, cid: p.cid, senderId: userId, text: p.text, type: 'text', ts: Date.now() },
      });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: async () => {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
