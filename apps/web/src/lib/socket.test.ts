import { ACTIVITY_PING_MS } from '@bidboard/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from './auth-storage';
import {
  closeRealtime,
  getRealtimeStatus,
  openRealtime,
  type SocketFactory,
  STATUS_POLL_MS,
  sendBidOverSocket,
} from './socket';

function fakeFactory() {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const managerHandlers = new Map<string, (...args: unknown[]) => void>();
  const socket = {
    connected: false,
    io: {
      on: (event: string, handler: (...args: unknown[]) => void) =>
        managerHandlers.set(event, handler),
      removeAllListeners: vi.fn(),
    },
    on: (event: string, handler: (...args: unknown[]) => void) =>
      handlers.set(event, [...(handlers.get(event) ?? []), handler]),
    emit: vi.fn(),
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(),
  };
  const factory = (() => socket) as unknown as SocketFactory;
  return {
    socket,
    factory,
    fire: (event: string, ...args: unknown[]) => {
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
    fireManager: (event: string) => managerHandlers.get(event)?.(),
  };
}

afterEach(() => closeRealtime());

describe('realtime connection', () => {
  it('leaves no timer behind when closed while waiting to load the client library', () => {
    vi.useFakeTimers();
    openRealtime({ token: 'tok', userId: 7 });
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    closeRealtime();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('pings userActivity every 5 minutes only when the member touched the page', () => {
    vi.useFakeTimers();
    authStorage.setToken('tok');
    const { socket, factory, fire } = fakeFactory();
    openRealtime({ token: 'tok', userId: 7 }, factory);
    socket.connected = true;
    fire('connect');
    expect(socket.emit).toHaveBeenCalledWith('connectUser', 7);

    vi.advanceTimersByTime(ACTIVITY_PING_MS);
    expect(socket.emit).not.toHaveBeenCalledWith('userActivity');
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(ACTIVITY_PING_MS);
    expect(socket.emit).toHaveBeenCalledWith('userActivity');
    socket.emit.mockClear();
    vi.advanceTimersByTime(ACTIVITY_PING_MS);
    expect(socket.emit).not.toHaveBeenCalledWith('userActivity');
  });

  it('re-reads the status every 5 s: a silently dropped connection shows as reconnecting', () => {
    vi.useFakeTimers();
    const { socket, factory, fire } = fakeFactory();
    openRealtime({ token: 'tok', userId: 7 }, factory);
    socket.connected = true;
    fire('connect');
    expect(getRealtimeStatus()).toBe('connected');
    socket.connected = false;
    vi.advanceTimersByTime(STATUS_POLL_MS);
    expect(getRealtimeStatus()).toBe('reconnecting');
    socket.connected = true;
    vi.advanceTimersByTime(STATUS_POLL_MS);
    expect(getRealtimeStatus()).toBe('connected');
  });

  it('an inactivity disconnect stays until the member reconnects', () => {
    vi.useFakeTimers();
    const { socket, factory, fire } = fakeFactory();
    openRealtime({ token: 'tok', userId: 7 }, factory);
    socket.connected = true;
    fire('connect');
    fire('inactivityDisconnect');
    socket.connected = false;
    fire('disconnect', 'io server disconnect');
    vi.advanceTimersByTime(STATUS_POLL_MS * 3);
    expect(getRealtimeStatus()).toBe('inactive');
    expect(socket.connect).not.toHaveBeenCalled();
  });

  it("'Connection to server failed' clears when the network is back", () => {
    const { socket, factory, fire, fireManager } = fakeFactory();
    openRealtime({ token: 'tok', userId: 7 }, factory);
    socket.connected = true;
    fire('connect');
    socket.connected = false;
    fire('disconnect', 'transport close');
    fireManager('reconnect_failed');
    expect(getRealtimeStatus()).toBe('reconnect-failed');

    window.dispatchEvent(new Event('online'));
    expect(socket.connect).toHaveBeenCalledOnce();
    socket.connected = true;
    fire('connect');
    expect(getRealtimeStatus()).toBe('connected');
  });

  it('a server closing down is reconnected to, not given up on', () => {
    const { socket, factory, fire } = fakeFactory();
    openRealtime({ token: 'tok', userId: 7 }, factory);
    socket.connected = true;
    fire('connect');
    socket.connected = false;
    fire('disconnect', 'io server disconnect');
    expect(getRealtimeStatus()).toBe('reconnecting');
    expect(socket.connect).toHaveBeenCalledOnce();
  });

  it('a session that ended is not reconnected: the session is checked again instead', () => {
    const { socket, factory, fire } = fakeFactory();
    openRealtime({ token: 'tok', userId: 7 }, factory);
    socket.connected = true;
    fire('connect');
    fire('socketError', { event: null, code: 'SESSION_ENDED', message: 'Session ended' });
    socket.connected = false;
    fire('disconnect', 'io server disconnect');
    expect(getRealtimeStatus()).toBe('auth-failed');
    expect(socket.connect).not.toHaveBeenCalled();
  });

  it('sends an unanswered bid again with its key after a reconnect, an answered one never', () => {
    const { socket, factory, fire } = fakeFactory();
    openRealtime({ token: 'tok', userId: 7 }, factory);
    expect(sendBidOverSocket({ auctionId: 3, bidderId: 7, bidAmount: 120 })).toBe(false);
    socket.connected = true;
    fire('connect');
    sendBidOverSocket({ auctionId: 3, bidderId: 7, bidAmount: 120 });
    sendBidOverSocket({ auctionId: 4, bidderId: 7, bidAmount: 130 });
    const bids = () =>
      socket.emit.mock.calls
        .filter(([event]) => event === 'placeBid')
        .map(([, payload]) => payload as { auctionId: number; key: string });
    const [first, second] = bids();
    expect(first!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.key).not.toBe(first!.key);
    fire('bidSuccess', { key: second!.key });

    socket.connected = false;
    fire('disconnect', 'transport close');
    socket.connected = true;
    fire('connect');
    expect(bids()).toEqual([first, second, first]);
    fire('bidError', { key: first!.key, code: 'BID_REJECTED', message: 'low', auctionId: 3 });
    fire('connect');
    expect(bids()).toHaveLength(3);
  });

  it('keys a bid on plain http too, where crypto.randomUUID does not exist', () => {
    // Outside a secure context (http on a LAN address) browsers leave randomUUID undefined.
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    try {
      const { socket, factory, fire } = fakeFactory();
      openRealtime({ token: 'tok', userId: 7 }, factory);
      socket.connected = true;
      fire('connect');
      expect(sendBidOverSocket({ auctionId: 3, bidderId: 7, bidAmount: 120 })).toBe(true);
      const [, payload] = socket.emit.mock.calls.find(([event]) => event === 'placeBid')!;
      expect((payload as { key: string }).key).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
