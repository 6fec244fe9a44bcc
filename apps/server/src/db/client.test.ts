// The pool and its timeouts are settings (DB_*): each reaches PostgreSQL, and each
// connection names the server holding it.
import { createServer, type Server, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../test/database';
import { loadConfig } from '../config';
import { connectionName, type Database, databaseOptions, openDatabase, rows } from './client';

describe('connectionName', () => {
  it('is the prefix, the host and the pid, within 63 bytes, never cutting the pid', () => {
    expect(connectionName('bidboard', 'web-1', 4242)).toBe('bidboard@web-1:4242');
    const long = connectionName('bidboard', 'h'.repeat(80), 4194304);
    expect(long).toHaveLength(63);
    expect(long.endsWith(':4194304')).toBe(true);
  });
});

describe('a database that accepts connections and never answers', () => {
  let silent: Server;
  let port: number;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('fails after DB_CONNECT_TIMEOUT_MS instead of waiting forever', async () => {
    const config = loadConfig({
      DATABASE_URL: `postgres://bidboard@127.0.0.1:${port}/bidboard`,
      DB_CONNECT_TIMEOUT_MS: '300',
    });
    const database = openDatabase(databaseOptions(config));
    await expect(database.ping()).rejects.toThrow(/timeout/i);
    await database.close();
  });
});

describe.skipIf(!onPostgres)('the pool on PostgreSQL', () => {
  let template: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    template = await createTestDatabase({ poolSize: 1 });
    const config = loadConfig({
      DATABASE_URL: template.url!,
      DB_POOL_SIZE: '2',
      DB_CONNECT_TIMEOUT_MS: '500',
      DB_STATEMENT_TIMEOUT_MS: '250',
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '400',
      DB_APPLICATION_NAME: 'bidboard-test',
    });
    database = openDatabase(databaseOptions(config));
  });
  afterAll(async () => {
    await database.close();
    await template.close();
  });

  it('sets the timeouts and names the server on each connection', async () => {
    const [session] = await rows<Record<string, string>>(
      database.db,
      sql`SELECT current_setting('statement_timeout') AS statement_timeout,
                 current_setting('idle_in_transaction_session_timeout') AS idle_in_transaction,
                 (SELECT application_name FROM pg_stat_activity WHERE pid = pg_backend_pid()) AS name`,
    );
    expect(session).toEqual({
      statement_timeout: '250ms',
      idle_in_transaction: '400ms',
      name: connectionName('bidboard-test', hostname(), process.pid),
    });
  });

  it('cancels a statement that runs past DB_STATEMENT_TIMEOUT_MS', async () => {
    await expect(database.db.execute(sql`SELECT pg_sleep(2)`)).rejects.toMatchObject({
      cause: { code: '57014' },
    });
  });

  it('ends a transaction left idle past DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', async () => {
    const left = database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await new Promise((resolve) => setTimeout(resolve, 900));
      await tx.execute(sql`SELECT 1`);
    });
    await expect(left).rejects.toThrow();
    await database.ping();
  });

  it('holds DB_POOL_SIZE connections; a query waits at most DB_CONNECT_TIMEOUT_MS for one', async () => {
    const config = loadConfig({
      DATABASE_URL: template.url!,
      DB_POOL_SIZE: '2',
      DB_CONNECT_TIMEOUT_MS: '300',
    });
    const small = openDatabase(databaseOptions(config));
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: Promise<void>[] = [];
    const holders = [0, 1].map(
      () =>
        new Promise<void>((holding) => {
          held.push(
            small.db.transaction(async (tx) => {
              await tx.execute(sql`SELECT 1`);
              holding();
              await released;
            }),
          );
        }),
    );
    await Promise.all(holders);
    await expect(small.ping()).rejects.toThrow(/timeout/i);
    release();
    await Promise.all(held);
    await small.ping();
    await small.close();
  });
});
