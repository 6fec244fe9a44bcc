// A stand-in for the realtime socket: records handlers so a test can deliver server events.
import { act } from '@testing-library/react';
import type { AppSocket, RealtimeStatus } from '@/lib/socket';

export function createFakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    connected: true,
    on: (event: string, handler: (payload: unknown) => void) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
    },
    off: (event: string, handler: (payload: unknown) => void) =>
      handlers.get(event)?.delete(handler),
    emit: () => undefined,
  } as unknown as AppSocket;
  const deliver = (event: string, payload: unknown) =>
    act(() => {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    });
  return { socket, deliver };
}

/**
 * A fake socket with a connection status the test sets, and '@/lib/socket' answering with
 * both. In a test file (vi.mock runs before the file's imports, hence the hoisted import):
 *   const realtime = await vi.hoisted(async () =>
 *     (await import('@/test/fake-socket')).createFakeRealtime());
 *   vi.mock('@/lib/socket', (original) => realtime.module(original));
 */
export function createFakeRealtime() {
  const fake = createFakeSocket();
  let status: RealtimeStatus = 'connected';
  const listeners = new Set<() => void>();
  return {
    ...fake,
    setStatus(next: RealtimeStatus) {
      act(() => {
        status = next;
        for (const listener of listeners) listener();
      });
    },
    async module(original: <T>() => Promise<T>) {
      return {
        ...(await original<typeof import('@/lib/socket')>()),
        getRealtimeSocket: () => fake.socket,
        getRealtimeStatus: () => status,
        subscribeRealtimeStatus: (listener: () => void) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
    },
  };
}
