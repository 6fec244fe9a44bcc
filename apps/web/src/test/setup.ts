// Vitest setup for the web project: DOM cleanup between tests, no real sockets, and the
// browser APIs jsdom lacks.
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

vi.mock('socket.io-client', () => {
  const fakeSocket = () => {
    const manager = { on: vi.fn(), removeAllListeners: vi.fn() };
    return {
      connected: false,
      io: manager,
      on: vi.fn(),
      off: vi.fn(),
      emit: vi.fn(),
      connect: vi.fn(),
      disconnect: vi.fn(),
      removeAllListeners: vi.fn(),
    };
  };
  return { io: vi.fn(fakeSocket) };
});

window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
