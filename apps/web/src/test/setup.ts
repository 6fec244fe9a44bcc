// Vitest setup for the web project: DOM cleanup between tests, no real sockets, and the
// browser APIs jsdom lacks.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { setLanguage, textsReady } from '@/lib/i18n';

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

// The catalogues of the areas the test file imported (main.tsx waits for them in the app).
beforeAll(() => textsReady());

afterEach(async () => {
  cleanup();
  // A test that switched to French leaves the next one in English.
  await setLanguage('en');
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
