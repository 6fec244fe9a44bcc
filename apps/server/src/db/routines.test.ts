import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { migrationsFolder, rows } from './client';
import { applyRoutines, type RunSql, readRoutines } from './routines';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 2 });
});
afterAll(() => database.close());

/** One connection, as applyRoutines needs for its transaction. */
async function withRun<T>(use: (run: RunSql) => Promise<T>): Promise<T> {
  const client = (database.db as unknown as { $client: pg.Pool | { query: RunSql } }).$client;
  if (!(client instanceof pg.Pool)) return use((text, params) => client.query(text, params));
  const connection = await client.connect();
  try {
    return await use((text, params) => connection.query(text, params));
  } finally {
    connection.release();
  }
}

const FUNCTION = /CREATE\s+OR\s+REPLACE\s+FUNCTION\s+"?(\w+)"?\s*\(/gi;
const TRIGGER = /CREATE\s+OR\s+REPLACE\s+TRIGGER\s+"?(\w+)"?/gi;
const normalise = (body: string) => body.replace(/\s+/g, ' ').trim();

/**
 * name -> the bodies between the $$ quotes, for every function the home files define. A
 * name may be defined more than once (an older signature kept for a rolling deploy), but
 * only in one home file.
 */
function homeFunctions(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const homeOf = new Map<string, string>();
  for (const routine of readRoutines()) {
    for (const statement of routine.statements) {
      for (const match of statement.matchAll(FUNCTION)) {
        const name = match[1]!;
        const body = statement.slice(statement.indexOf('$$') + 2, statement.lastIndexOf('$$'));
        expect(homeOf.get(name) ?? routine.file, `${name} has two homes`).toBe(routine.file);
        homeOf.set(name, routine.file);
        found.set(name, [...(found.get(name) ?? []), normalise(body)].sort());
      }
    }
  }
  return found;
}

function homeTriggers(): string[] {
  return readRoutines()
    .flatMap((r) => r.statements.flatMap((s) => [...s.matchAll(TRIGGER)]))
    .map((m) => m[1]!)
    .sort();
}

describe('SQL routines', () => {
  it('every function in the database is its home file, word for word', async () => {
    const inDatabase = await rows<{ name: string; body: string }>(
      database.db,
      sql`SELECT p.proname AS name, p.prosrc AS body
            FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
           WHERE n.nspname = 'public' AND p.prokind = 'f'`,
    );
    const homes = homeFunctions();
    const bodies = new Map<string, string[]>();
    for (const fn of inDatabase) {
      bodies.set(fn.name, [...(bodies.get(fn.name) ?? []), normalise(fn.body)].sort());
    }
    expect([...bodies.keys()].sort()).toEqual([...homes.keys()].sort());
    for (const [name, body] of bodies) expect(body, name).toEqual(homes.get(name));
  });

  it('every trigger in the database has a home file', async () => {
    const triggers = await rows<{ name: string }>(
      database.db,
      sql`SELECT t.tgname AS name FROM pg_trigger t
            JOIN pg_class c ON c.oid = t.tgrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND NOT t.tgisinternal`,
    );
    expect(triggers.map((t) => t.name).sort()).toEqual(homeTriggers());
  });

  it('no migration defines a function or trigger: their only home is beside the module', () => {
    const offenders = readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .filter((f) =>
        /CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)/i.test(
          readFileSync(path.join(migrationsFolder, f), 'utf8'),
        ),
      );
    expect(offenders).toEqual([]);
  });

  it('applies a routine again only when its text changed', async () => {
    await withRun(async (run) => {
      expect(await applyRoutines(run)).toEqual([]);
      await run(`UPDATE drizzle.__routines SET checksum = 'older' WHERE file = $1`, [
        'modules/bids/place-bid.sql',
      ]);
      expect(await applyRoutines(run)).toEqual(['modules/bids/place-bid.sql']);
      expect(await applyRoutines(run)).toEqual([]);
    });
  });
});
