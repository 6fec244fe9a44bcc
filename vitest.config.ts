import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

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

const webRoot = fileURLToPath(new URL('apps/web/', import.meta.url));

/**
 * Web test files that replace one of the app's modules with vi.mock. In a module graph shared
 * with other files the mock would reach modules already imported with the real one (and the
 * real one the files after it), so these run in a fresh graph each; the rest share one.
 */
const webMockingFiles = ['src', 'build'].flatMap((dir) =>
  readdirSync(`${webRoot}${dir}`, { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file}`)
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => readFileSync(`${webRoot}${file}`, 'utf8').includes('vi.mock(')),
);

const webTest = {
  root: 'apps/web',
  environment: 'jsdom',
  // jsdom renders of whole screens take seconds on a loaded 2-core CI machine;
  // the default 5 s timed out a test that waits a real 2 s.
  testTimeout: 20_000,
  setupFiles: ['./src/test/setup.ts'],
} as const;

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
          ...webTest,
          name: 'web',
          // As on the server, importing the app (React, the router, every screen) once per
          // worker instead of once per file is most of the web files' time. Each test still
          // renders into a fresh query client and router (src/test/render.tsx), and the setup
          // file clears the DOM, storage, stubs and timers after every test.
          isolate: false,
          exclude: [...configDefaults.exclude, ...webMockingFiles],
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: { ...webTest, name: 'web-isolated', include: webMockingFiles },
      },
    ],
  },
});
