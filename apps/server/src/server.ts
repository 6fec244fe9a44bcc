// Entry point: read settings, open and migrate the database, seed demo data, listen,
// and drain gracefully on SIGTERM (shutdown.ts).
import type { FastifyInstance } from 'fastify';
import { createStorage } from './adapters/storage';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { databaseOptions, openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { seedDemoData } from './db/seed/demo';
import { movableClock } from './lib/movable-clock';
import { loadSecrets } from './lib/secrets';
import { createShutdown } from './shutdown';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = openDatabase({ ...databaseOptions(config), holder: 'npm start' });
  await database.migrate();
  // DEV_CLOCK (refused in production): one movable clock for the app and its signed links.
  const devClock = config.DEV_CLOCK ? movableClock() : undefined;
  const storage = await createStorage(config, loadSecrets(config), devClock?.now);
  const app = await buildApp({ config, database, storage, ...(devClock ? { devClock } : {}) });
  if (config.SEED_DEMO) {
    const created = await seedDemoData(database.db, storage);
    if (created > 0) app.log.info(`seeded ${created} demo members`);
  }
  // PGlite's start leaves hundreds of MB behind (on a first start, the initdb instance's
  // WebAssembly memory), garbage V8 frees only at its next full collection, which an idle
  // server may not run for a long time. The start commands expose gc for this one call.
  if (database.kind === 'pglite') (globalThis as { gc?: () => void }).gc?.();

  const shutdown = createShutdown(app as unknown as FastifyInstance, database, {
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    exit: (code) => process.exit(code),
  });
  // The balancer stops servers with SIGTERM; Ctrl-C (SIGINT) in a terminal need not wait.
  process.on('SIGTERM', () => void shutdown('SIGTERM', config.DRAIN_DELAY_MS));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`serving on http://localhost:${config.PORT} (${database.kind})`);
}

main().catch((error: unknown) => {
  // The admin CLI has the embedded database: its message says what to do, no stack needed.
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
