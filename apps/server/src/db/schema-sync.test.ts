// The drizzle schema, drizzle-kit's snapshots and the database the migrations build must
// agree, or the next `drizzle-kit generate` writes a wrong migration (issue 18/24: the
// snapshots once stopped at 0009 while the journal reached 0014).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { migrationsFolder, rows } from './client';

const serverRoot = path.resolve(import.meta.dirname, '../..');
// The package's exports hide its bin, which sits beside its main entry.
const drizzleKit = path.join(
  path.dirname(createRequire(import.meta.url).resolve('drizzle-kit')),
  'bin.cjs',
);

function drizzleKitRun(args: string[]): string {
  return execFileSync(process.execPath, [drizzleKit, ...args], {
    cwd: serverRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 2 });
});
afterAll(() => database.close());

interface SnapshotTable {
  name: string;
  columns: Record<string, { name: string; type: string; primaryKey: boolean; notNull: boolean }>;
  indexes: Record<string, unknown>;
  foreignKeys: Record<string, unknown>;
  compositePrimaryKeys: Record<string, unknown>;
  uniqueConstraints: Record<string, unknown>;
  checkConstraints: Record<string, unknown>;
}

function latestSnapshot(): { tables: Record<string, SnapshotTable> } {
  const meta = path.join(migrationsFolder, 'meta');
  const newest = readdirSync(meta)
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort()
    .at(-1)!;
  return JSON.parse(readFileSync(path.join(meta, newest), 'utf8'));
}

/** table -> sorted descriptions of its columns, indexes and constraints. */
type Shape = Record<string, string[]>;

const typeName = (type: string) =>
  type
    .replace(/^varchar/, 'character varying')
    .replace(/^serial$/, 'integer')
    .replace(/^bigserial$/, 'bigint')
    .replace(/^timestamp$/, 'timestamp without time zone');

function snapshotShape(): Shape {
  const shape: Shape = {};
  for (const table of Object.values(latestSnapshot().tables)) {
    const columns = Object.values(table.columns);
    shape[table.name] = [
      ...columns.map(
        (c) =>
          `column ${c.name} ${typeName(c.type)}${c.notNull || c.primaryKey ? ' not null' : ''}`,
      ),
      ...Object.keys(table.indexes).map((name) => `index ${name}`),
      ...Object.keys(table.foreignKeys).map((name) => `foreign key ${name}`),
      ...Object.keys(table.checkConstraints).map((name) => `check ${name}`),
      ...Object.keys(table.uniqueConstraints).map((name) => `unique ${name}`),
      ...Object.keys(table.compositePrimaryKeys).map((name) => `primary key ${name}`),
      ...(columns.some((c) => c.primaryKey) ? [`primary key ${table.name}_pkey`] : []),
    ].sort();
  }
  return shape;
}

async function databaseShape(): Promise<Shape> {
  const shape: Shape = {};
  const add = (table: string, entry: string) => {
    shape[table] ??= [];
    shape[table].push(entry);
  };
  const columns = await rows<{ table: string; name: string; type: string; not_null: boolean }>(
    database.db,
    sql`SELECT c.relname AS table, a.attname AS name,
               format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null
          FROM pg_attribute a
          JOIN pg_class c ON c.oid = a.attrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  for (const c of columns)
    add(c.table, `column ${c.name} ${c.type}${c.not_null ? ' not null' : ''}`);
  const constraints = await rows<{ table: string; name: string; kind: string }>(
    database.db,
    sql`SELECT c.relname AS table, k.conname AS name, k.contype AS kind
          FROM pg_constraint k
          JOIN pg_class c ON c.oid = k.conrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND k.contype IN ('f', 'c', 'u', 'p')`,
  );
  const kinds: Record<string, string> = {
    f: 'foreign key',
    c: 'check',
    u: 'unique',
    p: 'primary key',
  };
  for (const k of constraints) add(k.table, `${kinds[k.kind]} ${k.name}`);
  // Primary keys and unique constraints bring their own index: counted once, as constraints.
  const indexes = await rows<{ table: string; name: string }>(
    database.db,
    sql`SELECT i.tablename AS table, i.indexname AS name FROM pg_indexes i
         WHERE i.schemaname = 'public'
           AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname)`,
  );
  for (const i of indexes) add(i.table, `index ${i.name}`);
  for (const table of Object.keys(shape)) shape[table]!.sort();
  return shape;
}

describe('drizzle schema, snapshots and migrations', () => {
  it('the newest snapshot describes exactly the database the migrations build', async () => {
    expect(snapshotShape()).toEqual(await databaseShape());
  });

  it('drizzle-kit finds nothing to generate and the snapshot chain checks', () => {
    const id = randomBytes(4).toString('hex');
    const out = `.drizzle-check-${id}`;
    const config = `drizzle-check-${id}.config.ts`;
    try {
      cpSync(migrationsFolder, path.join(serverRoot, out), { recursive: true });
      const own = readFileSync(path.join(serverRoot, 'drizzle.config.ts'), 'utf8');
      writeFileSync(
        path.join(serverRoot, config),
        own.replace("'./src/db/migrations'", `'./${out}'`),
      );
      expect(drizzleKitRun(['generate', '--config', config])).toContain('No schema changes');
      expect(readdirSync(path.join(serverRoot, out))).toEqual(readdirSync(migrationsFolder));
      expect(drizzleKitRun(['check', '--config', 'drizzle.config.ts'])).toContain(
        "Everything's fine",
      );
    } finally {
      rmSync(path.join(serverRoot, out), { recursive: true, force: true });
      rmSync(path.join(serverRoot, config), { force: true });
    }
  }, 60_000);
});
