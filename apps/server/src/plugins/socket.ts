// Socket.IO at /socket.io. The bearer token comes in the handshake (`auth.token`) and
// is checked like an HTTP bearer, and the socket lives only as long as its session
// (socket-sessions.ts); the browser Origin must be our own. The areas' event handlers
// are registered in socket-handlers.ts.
import { type ClientToServerEvents, MESSAGES, type ServerToClientEvents } from '@bidboard/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../db/client';
import type { SessionSettings } from '../modules/auth/session.service';
import { type RoomBidUpdate, sendBidUpdate } from './bid-updates';
import { CardUpdates } from './card-updates';
import { spacedStreamReads } from './socket-adapter-reader';
import { budgetSocketEvents } from './socket-budget';
import { drainSocketEvents } from './socket-drain';
import { sendQueuedFramesTogether } from './socket-frames';
import { LocalPacketsNotKeptAdapter } from './socket-replies';
import { guardSocketSessions } from './socket-sessions';

export interface SocketData {
  userId: number;
  sessionId: string;
}

/** Messages from one of our servers to the others (through the Redis adapter). */
export interface InterServerEvents {
  /** Alerts written by a close, for each server to deliver to its own members. */
  alertRange: (range: { firstId: number; lastId: number; count: number; kinds: string[] }) => void;
}

export type AppSocketServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

export type AppSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

declare module 'fastify' {
  interface FastifyInstance {
    io: AppSocketServer;
    /** Card updates to auction rooms, coalesced (card-updates.ts); sent before the close. */
    cardUpdates: CardUpdates<RoomBidUpdate>;
  }
}

export interface SocketPluginOptions {
  db: Db;
  sessions: SessionSettings;
  allowedOrigins: string[];
  redisPrefix: string;
  /** The streams adapter's stream length (SOCKET_ADAPTER_MAX_LENGTH). */
  adapterMaxLength: number;
  sessionSweepSeconds: number;
  eventBudget: { max: number; windowSeconds: number };
}

/** The Redis stream the Socket.IO adapter shares between servers (metrics read its length). */
export function adapterStreamName(redisPrefix: string): string {
  return `${redisPrefix}:socket.io`;
}

/** Browsers send Origin; it must be this server's own host or an allowed origin. */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  allowed: string[],
): boolean {
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export default fp(
  async function socketPlugin(app: FastifyInstance, opts: SocketPluginOptions) {
    sendQueuedFramesTogether();
    const io: AppSocketServer = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      // New sessions only (engine.io asks on handshakes). A closing server takes none: a
      // client reconnecting through a balancer that has not yet taken it out would land on
      // it and lose its session (and a resent bid with it) a moment later; refused, it
      // tries again and lands elsewhere.
      allowRequest: (req, callback) => {
        if (drain.closing) return callback(MESSAGES.serverRestarting, false);
        callback(null, isAllowedOrigin(req.headers.origin, req.headers.host, opts.allowedOrigins));
      },
      connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
      // Replaced by the Redis adapter below when Redis is configured.
      adapter: LocalPacketsNotKeptAdapter,
    });

    if (app.redis) {
      const { createAdapter } = await import('@socket.io/redis-streams-adapter');
      // Publishing fails at once while Redis is down (each server then delivers to its own
      // members only); the adapter's blocking stream reader and its subscriber are
      // connections that wait for Redis and carry on when it is back.
      // A committed bid publishes four broadcasts at once: pipelined, they go out in one write.
      const publisher = app.redis.connection('socket-adapter', {
        failFast: true,
        autoPipelining: true,
      });
      const redis = app.redis;
      publisher.duplicate = () => spacedStreamReads(redis.connection('socket-adapter-reader'));
      // The adapter keeps a closing socket's session for recovery with a SET it neither
      // awaits nor catches: while Redis is down that rejection would stop the process
      // (every server at once, as sockets drop during the outage). The session is then not
      // kept, and its client catches up as after any reconnect that was not recovered.
      const keepSession = publisher.set.bind(publisher) as (...args: unknown[]) => Promise<unknown>;
      publisher.set = ((...args: unknown[]) =>
        keepSession(...args).catch((err: unknown) => {
          app.log.warn({ err }, 'socket session not kept for recovery');
          return null;
        })) as typeof publisher.set;
      io.adapter(
        createAdapter(publisher, {
          streamName: adapterStreamName(opts.redisPrefix),
          maxLen: opts.adapterMaxLength,
          channelPrefix: `${opts.redisPrefix}:socket.io`,
          // Connection-state recovery keeps each disconnected session here.
          sessionKeyPrefix: `${opts.redisPrefix}:socket.io-session:`,
        }),
      );
    }

    const drain = drainSocketEvents(io);
    // Registered first, so a flood is refused before anything else looks at it.
    budgetSocketEvents(io, {
      ...opts.eventBudget,
      redis: app.redis,
      redisPrefix: opts.redisPrefix,
      log: app.log,
    });
    const guard = guardSocketSessions(io, {
      db: opts.db,
      sessions: opts.sessions,
      cache: app.sessionCache,
      sessionsEnded: app.sessionsEnded,
      sweepSeconds: opts.sessionSweepSeconds,
      log: app.log,
    });
    app.addHook('onClose', async () => guard.close());

    app.decorate('io', io);
    const cardUpdates = new CardUpdates<RoomBidUpdate>({
      send: (room, sent) => sendBidUpdate(io, room, sent),
      onError: (err) => app.log.error({ err }, 'card update not sent'),
    });
    app.decorate('cardUpdates', cardUpdates);
    app.addHook('preClose', async () => {
      await drain.finish();
      // The last card updates of each room go out while the sockets still hear them.
      cardUpdates.flush();
      // Closing the transports (not a Socket.IO disconnect) makes each client reconnect on
      // its own, through the balancer to another server, where connection-state recovery
      // replays what it missed (the session and the events are in Redis).
      io.engine.close();
      // Stops the adapter's stream readers, so the Redis connections can close under them.
      await io.of('/').adapter.close();
    });
  },
  { name: 'socket', dependencies: ['sessions-ended', 'redis', 'auth'] },
);
