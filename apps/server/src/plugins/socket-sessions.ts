// A socket is only as valid as its session. The handshake checks the token and the
// session, and every event after it re-checks the session: from the server's verified
// cache (shared with the HTTP routes), or the row when the cache cannot vouch for it; a logout, suspension or deletion announced through
// `sessionsEnded` cuts the member's sockets on every server at once; and a sweep cuts
// sockets whose sessions ran out (idle or absolute) or were revoked without an
// announcement, within one sweep interval.
import { MESSAGES, userRoom } from '@bidboard/shared';
import type { Db } from '../db/client';
import {
  type AuthenticatedSession,
  findLiveSessions,
  type SessionSettings,
  verifyToken,
} from '../modules/auth/session.service';
import type { SessionCache } from '../modules/auth/session-cache';
import type { SessionsEndedChannel } from './sessions-ended';
import type { AppSocket, AppSocketServer } from './socket';
import { replyTo } from './socket-replies';

/** The room of one session's sockets, on this server. */
export function sessionRoom(sessionId: string): string {
  return `session_${sessionId}`;
}

/** Sessions per sweep query. */
const SWEEP_BATCH = 1_000;

export interface SocketSessionOptions {
  db: Db;
  sessions: SessionSettings;
  /** The server's cache, shared with the HTTP routes; it forgets ended sessions itself. */
  cache: SessionCache;
  sessionsEnded: SessionsEndedChannel;
  sweepSeconds: number;
  log: { warn: (obj: object, msg: string) => void };
}

export function guardSocketSessions(io: AppSocketServer, opts: SocketSessionOptions) {
  const { cache } = opts;
  const clock = opts.sessions.clock;
  const liveSession = (claimed: AuthenticatedSession) => cache.live(claimed);

  function cut(socket: AppSocket, event: string | null) {
    // A plain socket.emit would go through the Redis adapter first and lose the race with
    // the disconnect below.
    replyTo(socket).emit('socketError', {
      event,
      code: 'SESSION_ENDED',
      message: MESSAGES.sessionEnded,
    });
    socket.disconnect(true);
  }

  function cutRoom(room: string) {
    const namespace = io.of('/');
    for (const id of [...(namespace.adapter.rooms.get(room) ?? [])]) {
      const socket = namespace.sockets.get(id);
      if (socket) cut(socket, null);
    }
  }

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    try {
      if (typeof token !== 'string' || token === '') throw new Error('missing token');
      const session = await liveSession(await verifyToken(opts.sessions, token));
      if (!session) throw new Error('session ended');
      socket.data.userId = session.userId;
      socket.data.sessionId = session.sessionId;
      next();
    } catch {
      next(new Error(`${MESSAGES.authFailed}: ${MESSAGES.notAuthenticated}`));
    }
  });

  io.on('connection', (socket) => {
    const { userId, sessionId } = socket.data;
    void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    // Runs before every event handler, including ones registered later by other modules.
    socket.use(([event], next) => {
      // Most events find the session verified a moment ago: no promise, no extra turn.
      const cached = cache.get(sessionId);
      if (cached?.userId === userId) return next();
      liveSession({ userId, sessionId })
        .then((live) => (live ? next() : cut(socket, String(event))))
        .catch((err: unknown) => {
          opts.log.warn({ err }, 'socket session check failed');
          next(new Error(MESSAGES.internal));
        });
    });
  });

  opts.sessionsEnded.subscribe((ended) => {
    if (ended.sessionId) cutRoom(sessionRoom(ended.sessionId));
    if (ended.userId !== undefined) cutRoom(userRoom(ended.userId));
  });

  async function sweep() {
    const bySession = new Map<string, AppSocket[]>();
    for (const socket of io.of('/').sockets.values()) {
      const list = bySession.get(socket.data.sessionId) ?? [];
      list.push(socket);
      bySession.set(socket.data.sessionId, list);
    }
    const ids = [...bySession.keys()];
    for (let i = 0; i < ids.length; i += SWEEP_BATCH) {
      const batch = ids.slice(i, i + SWEEP_BATCH);
      const live = await findLiveSessions(opts.db, opts.sessions, batch);
      const liveIds = new Set<string>();
      for (const session of live) {
        liveIds.add(session.sessionId);
        cache.set(session, clock());
      }
      for (const id of batch) {
        if (liveIds.has(id)) continue;
        cache.delete(id);
        for (const socket of bySession.get(id) ?? []) cut(socket, null);
      }
    }
  }

  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep()
      .catch((err: unknown) => opts.log.warn({ err }, 'socket session sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }, opts.sweepSeconds * 1000);
  timer.unref();
  return { close: () => clearInterval(timer) };
}
