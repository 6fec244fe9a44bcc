// A stand-in for the realtime socket: records handlers so a test can deliver server events.
import { act } from '@testing-library/react';
import type { AppSocket } from '@/lib/socket';

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
