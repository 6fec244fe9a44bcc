import { defineConfig } from 'vitest/config';

const serverTest = {
  root: 'apps/server',
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  globalSetup: ['./test/global-setup.ts'],
} as const;

/**
 * Server test files that change process-wide state on purpose (the global OpenTelemetry
 * provider and pg's instrumentation hooks; Sentry's client): each runs in a fresh module
 * graph of its own.
 */
const processWideFiles = ['src/lib/tracing.test.ts', 'src/lib/error-reporting.test.ts'];

// One run covers every workspace's unit and integration tests; e2e has its own config.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on the 2-core CI
    // machine, which then sat idle half the run while test files waited on PostgreSQL,
    // Redis, sockets and the model process. Two files in flight keep both cores busy.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node' } },
      {
        test: {
          ...serverTest,
          name: 'server',
          // The server's test files share one module graph per worker: importing the app
          // (fastify, drizzle, zod schemas, socket.io) once instead of once per file is most
          // of the suite's time. Each file still gets its own database and app (test/app.ts);
          // module-level state is either a cache of static data or the process's metrics
          // registry, which tests read as differences, never as absolute values.
          isolate: false,
          exclude: ['**/node_modules/**', ...processWideFiles],
        },
      },
      { test: { ...serverTest, name: 'server-isolated', include: processWideFiles } },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          // jsdom renders of whole screens take seconds on a loaded 2-core CI machine;
          // the default 5 s timed out a test that waits a real 2 s.
          testTimeout: 20_000,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
