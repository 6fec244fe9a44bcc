// Entry point: read settings, open and migrate the database, seed demo data, listen,
// and shut down gracefully on SIGINT/SIGTERM.
import { createStorage } from './adapters/storage';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { databaseOptions, openDatabase } from './db/client';
import { seedDemoData } from './db/seed/demo';
import { loadSecrets } from './lib/secrets';

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
  const database = openDatabase(databaseOptions(config));
  await database.migrate();
  const storage = await createStorage(config, loadSecrets(config));
  const app = await buildApp({ config, database, storage });
  if (config.SEED_DEMO) {
    const created = await seedDemoData(database.db, storage);
    if (created > 0) app.log.info(`seeded ${created} demo members`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`serving on http://localhost:${config.PORT} (${database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
