// Vitest setup for the web project: DOM cleanup between tests, no real sockets, and the
// browser APIs jsdom lacks.
import { cleanup, configure } from '@testing-library/react';
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

// Screens and dialogs load as lazy chunks; on a busy 2-core CI machine importing one can take
// longer than testing-library's 1 s default, which failed findBy queries whose element did
// appear a moment later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
