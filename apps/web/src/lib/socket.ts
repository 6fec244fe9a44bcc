// Typed Socket.IO client (accounts §7, marketplace §4 Socket): one connection per signed-in
// session, token sent at connect, connectUser after each connect, userActivity every
// 5 minutes when the member touched the page since the last one (so an idle tab is let go
// by the server's inactivity limit), and the status re-read every 5 s. Unlike the original
// client it also connects on localhost.
// The client library loads after the first paint: the board renders from HTTP and joins
// its rooms once the socket is up. Bids go through the session's outbox: an unanswered
// bid is sent again with its key after a reconnect (a deploy draining a server).
import {
  ACTIVITY_PING_MS,
  type BidOutbox,
  bidOutbox,
  type ClientToServerEvents,
  MESSAGES,
  type ServerToClientEvents,
  SOCKET_RECONNECT,
} from '@bidboard/shared';
import type { io, Socket } from 'socket.io-client';
import { authStorage } from './auth-storage';
import { randomUuid } from './random-uuid';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type RealtimeStatus =
  | 'idle'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'inactive'
  | 'auth-failed'
  | 'reconnect-failed';

export type SocketFactory = typeof io;

interface Session {
  socket: AppSocket;
  bids: BidOutbox;
  pingTimer: ReturnType<typeof setInterval>;
  pollTimer: ReturnType<typeof setInterval>;
  stopWatchingActivity: () => void;
}

/** Socket status poll (marketplace §9). */
export const STATUS_POLL_MS = 5000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

let session: Session | null = null;
/** Bumped by every open and close, so a library load that finishes late is ignored. */
let generation = 0;
/** Stops the wait for the first paint or an idle moment before the library loads. */
let cancelPendingLoad: (() => void) | null = null;
let status: RealtimeStatus = 'idle';
const listeners = new Set<() => void>();

function setStatus(next: RealtimeStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

export function getRealtimeStatus(): RealtimeStatus {
  return status;
}

export function subscribeRealtimeStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getRealtimeSocket(): AppSocket | null {
  return session?.socket ?? null;
}

export function openRealtime(
  options: { token: string; userId: number },
  factory?: SocketFactory,
): void {
  closeRealtime();
  const opened = generation;
  if (factory) {
    startSession(options, factory);
    return;
  }
  // After the first paint, when the main thread is idle: the board renders from HTTP and
  // its JavaScript budget leaves no room for the client library before then.
  cancelPendingLoad = afterFirstPaintWhenIdle(() => {
    cancelPendingLoad = null;
    if (opened !== generation) return;
    void import('socket.io-client').then(({ io: load }) => {
      if (opened === generation) startSession(options, load);
    });
  });
}

/** Runs `run` when the main thread is idle; returns what cancels it. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

/**
 * After the page's first contentful paint, then when idle: on a fast machine an idle moment
 * can come before the first paint, and the client library would join the first page's
 * JavaScript (its budget, e2e first-load). Returns what cancels the wait (a session closed
 * before it ended: its timers must not outlive it).
 */
function afterFirstPaintWhenIdle(run: () => void): () => void {
  const painted = () =>
    typeof performance.getEntriesByName !== 'function' ||
    performance.getEntriesByName('first-contentful-paint').length > 0;
  if (painted() || typeof PerformanceObserver !== 'function') return whenIdle(run);
  let done = false;
  let fallback: ReturnType<typeof setTimeout> | undefined;
  let cancelIdle: (() => void) | undefined;
  const stopWaiting = () => {
    done = true;
    observer.disconnect();
    clearTimeout(fallback);
  };
  const go = () => {
    if (done) return;
    stopWaiting();
    cancelIdle = whenIdle(run);
  };
  const observer = new PerformanceObserver(() => {
    if (painted()) go();
  });
  const cancel = () => {
    stopWaiting();
    cancelIdle?.();
  };
  try {
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    go();
    return cancel;
  }
  // A page that never paints content (a background tab) still connects.
  fallback = setTimeout(go, 3000);
  return cancel;
}

function startSession(options: { token: string; userId: number }, factory: SocketFactory): void {
  const socket: AppSocket = factory({
    path: '/socket.io',
    auth: { token: options.token },
    reconnection: true,
    reconnectionAttempts: SOCKET_RECONNECT.reconnectionAttempts,
    reconnectionDelay: SOCKET_RECONNECT.reconnectionDelay,
    reconnectionDelayMax: SOCKET_RECONNECT.reconnectionDelayMax,
    timeout: SOCKET_RECONNECT.timeout,
    transports: [...SOCKET_RECONNECT.transports],
  });

  socket.on('connect', () => {
    setStatus('connected');
    socket.emit('connectUser', options.userId);
  });
  socket.on('connect_error', (error) => {
    if (error.message.includes(MESSAGES.authFailed)) setStatus('auth-failed');
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect' || status === 'inactive' || status === 'auth-failed')
      return;
    setStatus('reconnecting');
    // A server closing down (a deploy, a restart) disconnects its sockets itself, and the
    // client library does not come back from that on its own: ask again, with its backoff.
    if (reason === 'io server disconnect') socket.connect();
  });
  socket.on('inactivityDisconnect', () => setStatus('inactive'));
  // The session behind this socket ended (signed out elsewhere, revoked): no reconnecting;
  // the member's session is checked again instead.
  socket.on('socketError', (error) => {
    if (error.code === 'SESSION_ENDED') setStatus('auth-failed');
  });
  socket.io.on('reconnect_attempt', () => setStatus('reconnecting'));
  socket.io.on('reconnect_failed', () => setStatus('reconnect-failed'));

  let active = false;
  const markActive = () => {
    active = true;
  };
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, markActive, { passive: true });
  // 'Connection to server failed' must not outlive the outage: when the network is back,
  // the connection is tried again (and the dialog closes once it is up).
  const handleOnline = () => {
    if (status === 'reconnect-failed') reconnectRealtime();
  };
  window.addEventListener('online', handleOnline);
  const stopWatchingActivity = () => {
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, markActive);
    window.removeEventListener('online', handleOnline);
  };
  const pingTimer = setInterval(() => {
    if (!active || !authStorage.getToken() || !socket.connected) return;
    active = false;
    socket.emit('userActivity');
  }, ACTIVITY_PING_MS);
  // Events can be missed (a sleeping laptop, a dropped transport): the status is re-read.
  const pollTimer = setInterval(() => pollStatus(socket), STATUS_POLL_MS);

  const bids = bidOutbox(socket, { newKey: randomUuid });
  session = { socket, bids, pingTimer, pollTimer, stopWatchingActivity };
  // Status listeners re-read the socket: 'connecting' is when it exists.
  setStatus('connecting');
}

function pollStatus(socket: AppSocket): void {
  if (socket.connected) {
    if (status === 'connecting' || status === 'reconnecting' || status === 'reconnect-failed')
      setStatus('connected');
  } else if (status === 'connected') {
    setStatus('reconnecting');
  }
}

/**
 * Sends a bid over the realtime socket, with a key so that a bid left unanswered by a
 * dropped connection is sent again after the reconnect and still placed once. False when
 * the socket is not connected (the caller bids over HTTP instead).
 */
export function sendBidOverSocket(bid: Parameters<BidOutbox['send']>[0]): boolean {
  if (!session?.socket.connected) return false;
  session.bids.send(bid);
  return true;
}

/** The 'Reconnect' action after an inactivity disconnect; also when the network is back. */
export function reconnectRealtime(): void {
  if (!session) return;
  setStatus('connecting');
  session.socket.connect();
}

export function closeRealtime(): void {
  generation++;
  cancelPendingLoad?.();
  cancelPendingLoad = null;
  if (!session) return;
  clearInterval(session.pingTimer);
  clearInterval(session.pollTimer);
  session.stopWatchingActivity();
  session.socket.removeAllListeners();
  session.socket.io.removeAllListeners();
  session.socket.disconnect();
  session = null;
  setStatus('idle');
}
