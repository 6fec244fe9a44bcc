// Presence over the shared Socket.IO server (marketplace §7 Realtime): onlineUsers on
// connect, userOnline when a member's first tab connects and userOffline when the last
// one leaves (on any server: the store is in Redis when configured), and
// inactivityDisconnect for sockets idle longer than the business setting. Every incoming
// event counts as activity, the 5-minute userActivity ping included.
import { userRoom } from '@bidboard/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { batchLoader } from '../../lib/batch-loader';
import type { Clock } from '../../lib/context';
import type { RedisLink } from '../../plugins/redis';
import type { AppSocket, AppSocketServer } from '../../plugins/socket';
import { replyTo } from '../../plugins/socket-replies';
import { chatPartnersOfMany } from '../chat/chat.repository';
import { loadSettings } from '../settings/settings.service';
import { FallbackPresenceStore } from './presence.fallback';
import { RedisPresenceStore } from './presence.redis';
import { MemoryPresenceStore, PRESENCE_REFRESH_MS, type PresenceStore } from './presence.store';

declare module 'fastify' {
  interface FastifyInstance {
    presence: Presence;
  }
}

/** How long presence collects connecting members before reading their partners at once. */
const PARTNERS_WINDOW_MS = 20;
/** How often idle sockets are looked for. */
export const IDLE_CHECK_MS = 60_000;

export interface Presence {
  store: PresenceStore;
  online(userIds: readonly number[]): Promise<Set<number>>;
  isViewing(userId: number, cid: string): Promise<boolean>;
  /** Records which conversation `socket` shows in the foreground (null: none). */
  setView(socket: AppSocket, cid: string | null): Promise<void>;
  /**
   * Disconnects this server's sockets idle past the setting (or `limitMs`; of one member
   * when `userId` is given) after sending them inactivityDisconnect; returns how many.
   */
  disconnectIdle(options?: { limitMs?: number; userId?: number }): Promise<number>;
  /** Renews this server's entries and reports members whose server died as offline. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

export interface PresenceDeps {
  io: AppSocketServer;
  redis: RedisLink | null;
  db: Db;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
}

function createStore(redis: RedisLink | null, prefix: string): PresenceStore {
  if (!redis) return new MemoryPresenceStore();
  return new FallbackPresenceStore(new RedisPresenceStore(redis.client, prefix), redis.available);
}

export async function createPresence(deps: PresenceDeps): Promise<Presence> {
  const { io, db, log } = deps;
  const store = createStore(deps.redis, deps.config.REDIS_PREFIX);
  // Presence expiry is wall-clock time (Redis expires keys by it); idleness is the app clock.
  const lastActivity = new WeakMap<AppSocket, number>();
  const joinedOf = new WeakMap<AppSocket, Promise<unknown>>();
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const tracked = work.catch((err: unknown) => log.warn({ err }, 'presence update failed'));
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
    return tracked;
  };

  // Members connecting together (a deploy, phones coming back online) share a query.
  const partnersOf = batchLoader({
    load: (userIds: number[]) => chatPartnersOfMany(db, userIds),
    keyOf: (userId) => userId,
    windowMs: PARTNERS_WINDOW_MS,
  });

  function announce(
    partners: readonly number[],
    userId: number,
    event: 'userOnline' | 'userOffline',
  ) {
    if (partners.length > 0) io.to(partners.map(userRoom)).emit(event, userId);
  }

  /**
   * The connect's list is kept for recovery, unlike replies: a reconnect is recovered from
   * the offset of the last kept packet the client got, and this gives every socket one. The
   * list asked for again (connectUser) is a reply: were it kept too, a crowd reconnecting
   * after a deploy would fill the Redis stream that recovery reads with lists.
   */
  async function sendOnlineUsers(socket: AppSocket, partners: readonly number[], kept: boolean) {
    const online = [...(await store.online(partners, Date.now()))];
    if (kept) socket.emit('onlineUsers', online);
    else replyTo(socket).emit('onlineUsers', online);
  }

  io.on('connection', (socket) => {
    const { userId } = socket.data;
    const entry = { userId, socketId: socket.id };
    lastActivity.set(socket, deps.clock().getTime());
    socket.onAny(() => lastActivity.set(socket, deps.clock().getTime()));
    const joined = track(
      (async () => {
        const [first, partners] = await Promise.all([
          store.connect(entry, Date.now()),
          partnersOf(userId).then((found) => found ?? []),
        ]);
        if (first) announce(partners, userId, 'userOnline');
        await sendOnlineUsers(socket, partners, true);
      })(),
    );
    joinedOf.set(socket, joined);
    // The client announces itself after connecting (its listeners are in place by then);
    // partners are read again: a connection may have been accepted since.
    socket.on('connectUser', () => {
      void joined.then(() =>
        track(partnersOf(userId).then((found) => sendOnlineUsers(socket, found ?? [], false))),
      );
    });
    socket.on('disconnect', () => {
      void track(
        joined.then(async () => {
          if (await store.disconnect(entry, Date.now())) {
            announce((await partnersOf(userId)) ?? [], userId, 'userOffline');
          }
        }),
      );
    });
  });

  const localEntries = () =>
    [...io.of('/').sockets.values()].map((s) => ({ userId: s.data.userId, socketId: s.id }));

  const presence: Presence = {
    store,
    online: (userIds) => store.online(userIds, Date.now()),
    isViewing: (userId, cid) => store.isViewing(userId, cid, Date.now()),
    async setView(socket, cid) {
      // After the socket's own entry exists: a view of an unknown socket is dropped.
      await joinedOf.get(socket);
      if (!socket.connected) return;
      await store.setView({ userId: socket.data.userId, socketId: socket.id }, cid, Date.now());
    },
    async disconnectIdle(options = {}) {
      const limit =
        options.limitMs ??
        (await loadSettings(db, deps.config)).inactivity_disconnect_minutes * 60_000;
      const now = deps.clock().getTime();
      let closed = 0;
      for (const socket of io.of('/').sockets.values()) {
        if (options.userId !== undefined && socket.data.userId !== options.userId) continue;
        if (now - (lastActivity.get(socket) ?? now) < limit) continue;
        replyTo(socket).emit('inactivityDisconnect');
        socket.disconnect(true);
        closed++;
      }
      return closed;
    },
    async refresh() {
      await store.refresh(localEntries(), Date.now());
      const reaped = await store.reapExpired(Date.now());
      if (reaped.length === 0) return;
      const partners = await chatPartnersOfMany(db, reaped);
      for (const userId of reaped) announce(partners.get(userId) ?? [], userId, 'userOffline');
    },
    async close() {
      await Promise.all(pending);
      await store.close();
    },
  };
  return presence;
}

/** Runs the refresh and idle checks on timers while the app is up. */
export function startPresenceTimers(presence: Presence, log: FastifyBaseLogger) {
  const refresh = setInterval(() => {
    presence.refresh().catch((err: unknown) => log.warn({ err }, 'presence refresh failed'));
  }, PRESENCE_REFRESH_MS);
  const idle = setInterval(() => {
    presence.disconnectIdle().catch((err: unknown) => log.warn({ err }, 'idle check failed'));
  }, IDLE_CHECK_MS);
  refresh.unref();
  idle.unref();
  return () => {
    clearInterval(refresh);
    clearInterval(idle);
  };
}
