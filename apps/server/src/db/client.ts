// Opens the database: PostgreSQL when a URL is given, otherwise PGlite (Postgres in
// WASM) under DATA_DIR. Both speak the same SQL and run the same migrations.
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, fillPlaceholders, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import {
  type PgDatabase,
  PgDialect,
  type PgQueryResultHKT,
  type PgTransaction,
} from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config';
import * as auctionSchema from './auction.schema';
import * as chatSchema from './chat.schema';
import { lockDataDir } from './data-dir-lock';
import * as datesSchema from './dates.schema';
import * as mediaSchema from './media.schema';
import { fillMemberLocations } from './member-locations';
import * as paymentsSchema from './payments.schema';
import * as payoutsSchema from './payouts.schema';
import { withPreparedStatements } from './pglite-prepared';
import * as privacySchema from './privacy.schema';
import * as promptsSchema from './prompts.schema';
import { applyRoutines } from './routines';
import * as safetySchema from './safety.schema';
import * as coreSchema from './schema';

const schema = {
  ...coreSchema,
  ...mediaSchema,
  ...auctionSchema,
  ...paymentsSchema,
  ...payoutsSchema,
  ...chatSchema,
  ...safetySchema,
  ...privacySchema,
  ...datesSchema,
  ...promptsSchema,
};

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

export interface DatabaseOptions {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL only; unset, each keeps the driver's or the server's default. */
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  /** Prefix of application_name; `@host:pid` is appended so pg_stat_activity names the server. */
  applicationName?: string;
  /** PGlite only: start from this data-directory image (tests copy one migrated template). */
  pgliteImage?: Blob;
  /** PGlite only: who opens the data directory, named to another opener it refuses. */
  holder?: string;
}

/** The database the settings name, with the pool and timeouts they set. */
export function databaseOptions(config: Config): DatabaseOptions {
  return {
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DB_POOL_SIZE,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    applicationName: config.DB_APPLICATION_NAME,
  };
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.url) return openPostgres(options.url, options);
  return openPglite(options.dataDir, options.pgliteImage, options.holder);
}

/** PostgreSQL keeps 63 bytes of application_name: the host is shortened, never the pid. */
export function connectionName(prefix: string, host = hostname(), pid = process.pid): string {
  const room = 63 - prefix.length - String(pid).length - 2;
  return `${prefix}@${host.slice(0, Math.max(room, 0))}:${pid}`;
}

/** The advisory lock the start-up migration (and `npm run admin -- migrate`) runs under. */
const MIGRATION_LOCK = 'bidboard:migrate';

function openPostgres(url: string, options: DatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 20,
    // A database that does not answer fails the request instead of queueing it forever.
    connectionTimeoutMillis: options.connectTimeoutMs,
    // 0 or unset sends nothing: the server's own setting (no limit by default) applies.
    statement_timeout: options.statementTimeoutMs || undefined,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs || undefined,
    application_name: options.applicationName ? connectionName(options.applicationName) : undefined,
  });
  // An idle client losing its connection must not take the process down; nor may one that
  // is checked out between two queries (a transaction ended by
  // idle_in_transaction_session_timeout, a restart): pg-pool listens only while a client
  // is idle. Its next query then fails, and the pool discards it on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Several servers starting together on an empty or an old database: one migrates
      // while the others wait for the lock, then find nothing left to do. All of it runs on
      // the connection holding the lock (a pool of one connection must not wait on itself).
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
        await applyRoutines((text, params) => client.query(text, params));
        await fillMemberLocations((text, params) => client.query(text, params));
      } finally {
        await client
          .query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK])
          .catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite runs inside this process and its WebAssembly memory never shrinks, so its peak
 * is kept small: 16 MB of shared buffers instead of PostgreSQL's 128 MB (docs/operations.md,
 * "Memory"). Production data belongs on PostgreSQL.
 */
const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'work_mem=2MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=2MB',
];

/** `dataDir` undefined means in memory (tests). */
function openPglite(
  dataDir: string | undefined,
  image: Blob | undefined,
  holder = 'another Bidboard process',
): Database {
  let dir: string | undefined;
  let release = () => {};
  if (dataDir) {
    dir = path.resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    release = lockDataDir(dataDir, holder);
  }
  let client: PGlite;
  try {
    client = new PGlite(dir, { postgresqlconf: PGLITE_SETTINGS, loadDataDir: image });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(withPreparedStatements(client), { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      await applyRoutines((text, params) => client.query(text, params));
      await fillMemberLocations((text, params) => client.query(text, params));
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** Rows of a raw query, whichever driver ran it. */
export async function rows<T>(
  executor: Executor,
  query: Parameters<Db['execute']>[0],
): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * `rows` for a hot query built with `sql`, prepared under `name` on PostgreSQL like a
 * `Statement`. Only for queries whose text never changes between calls (values are
 * parameters): PostgreSQL refuses a second text under one prepared name.
 */
export async function namedRows<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return runStatement<T>(db, { name, text }, params);
}

/**
 * A hot statement built with `sql` once, at load: `sql.placeholder(key)` stands where each
 * call's values go, so no call builds or walks the query again (`preparedRows`).
 */
export interface PreparedStatement<K extends string> extends Statement {
  params: unknown[];
  /** Only a type: the keys `preparedRows` must be given. */
  keys?: K;
}

export function prepareStatement<K extends string>(name: string, query: SQL): PreparedStatement<K> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name, text, params };
}

/** Rows of a prepared statement with this call's values in its placeholders. */
export function preparedRows<T, K extends string>(
  db: Db,
  statement: PreparedStatement<K>,
  values: Record<K, unknown>,
): Promise<T[]> {
  return runStatement<T>(db, statement, fillPlaceholders(statement.params, values));
}

/** A hot-path statement: SQL text with $n parameters and a name unique in the app. */
export interface Statement {
  name: string;
  text: string;
}

/**
 * Rows of one statement sent straight to the driver, for the paths every request or bid
 * takes: on PostgreSQL a named prepared statement (parsed and planned once per
 * connection), on PGlite one too (`withPreparedStatements`). No query builder in between.
 */
export async function runStatement<T>(
  db: Db,
  statement: Statement,
  values: unknown[],
): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) {
    return (await client.query({ name: statement.name, text: statement.text, values })).rows as T[];
  }
  return (await client.query<T>(statement.text, values)).rows;
}
