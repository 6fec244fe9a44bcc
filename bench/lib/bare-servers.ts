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

/** GET /me with no database: verify the bearer JWT, answer `body` held in memory. */
export async function bareFastifyBody(key: Uint8Array, body: unknown) {
  const app = Fastify({ logger: false });
  app.get('/me', async (request, reply) => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return reply.status(401).send({ message: 'Not authenticated' });
    await jwtVerify(token, key, VERIFY);
    return body;
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
    /** Connections still open. */
    clients: () => io.engine.clientsCount,
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

/**
 * The chat's durable write done bare: the same message insert, conversation update
 * (preview, seq, the recipient's unread) and push outbox row, in one statement (its own
 * transaction) through `pg`, the conversation row locked first so seqs follow commits.
 */
const BARE_CHAT_SQL = `WITH conv AS MATERIALIZED (
    SELECT message_count FROM conversations WHERE cid = $1 FOR UPDATE
  ), m AS (
    INSERT INTO messages (cid, seq, sender_id, text, type, created_at)
    SELECT $1, conv.message_count + 1, $2, $3, 'text', now() FROM conv
    RETURNING id, seq, created_at
  ), c AS (
    UPDATE conversations SET last_message_id = m.id, last_message_text = $3,
           last_message_type = 'text', last_sender_id = $2, last_message_at = m.created_at,
           updated_at = m.created_at, message_count = m.seq,
           unread_a = CASE WHEN user_a = $2 THEN 0 ELSE unread_a + 1 END,
           unread_b = CASE WHEN user_b = $2 THEN 0 ELSE unread_b + 1 END
      FROM m WHERE cid = $1
    RETURNING unread_a, unread_b, user_a, user_b
  ), q AS (
    INSERT INTO notification_outbox (user_id, channel, message_id)
    SELECT $4, 'push', m.id FROM m
  )
  SELECT m.id, m.seq, m.created_at, c.unread_a, c.unread_b, c.user_a, c.user_b FROM m, c`;

/**
 * The chat ceiling with the durable work: POST /api/chat/conversations/:cid/messages with
 * the bearer JWT verified (no session row), BARE_CHAT_SQL through `pg`, then 'new-message'
 * to both members' rooms by a bare Socket.IO server on the same port.
 */
export async function bareChatServer(key: Uint8Array, pool: pg.Pool) {
  const app = Fastify({ logger: false });
  const io = new Server(app.server, { path: '/socket.io', serveClient: false });
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
    void socket.join(`user_${socket.data.userId as number}`);
  });
  app.post<{ Params: { cid: string }; Body: { text: string } }>(
    '/api/chat/conversations/:cid/messages',
    async (request, reply) => {
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!token) return reply.status(401).send({ message: 'Not authenticated' });
      const { payload } = await jwtVerify(token, key, VERIFY);
      const me = Number(payload.sub);
      const { cid } = request.params;
      const [a, b] = cid.split('_').map(Number) as [number, number];
      const partnerId = me === a ? b : a;
      const { rows } = await pool.query<{
        id: string;
        seq: number;
        created_at: Date;
        unread_a: number;
        unread_b: number;
        user_a: number;
        user_b: number;
      }>({
        name: 'bare_chat_send',
        text: BARE_CHAT_SQL,
        values: [cid, me, request.body.text, partnerId],
      });
      const row = rows[0];
      if (!row) return reply.status(403).send({ message: 'Not accepted' });
      const message = {
        id: Number(row.id),
        cid,
        seq: row.seq,
        senderId: me,
        text: request.body.text,
        blobUrl: null,
        type: 'text',
        ts: row.created_at.getTime(),
        scamFlags: [],
        imageState: null,
      };
      const unread = { [row.user_a]: row.unread_a, [row.user_b]: row.unread_b };
      io.to([`user_${me}`, `user_${partnerId}`]).emit('new-message', {
        senderId: me,
        cid,
        unread,
        message,
      });
      return { success: true, msgId: message.id, message };
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: async () => {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await app.close().catch(() => {});
    },
  };
}
