import { defineConfig } from 'vitest/config';

// Journeys drive Debian's Chromium against one real server started by global setup.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./support/server.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
