// SQL lives in repositories (`*.repository.ts`), the modules' `.sql` homes and `db/`: a
// route, service, job, plugin or adapter that needs data calls a repository function. A
// file writes SQL when it imports, as values, drizzle-orm (sql, eq, ...), the tables of
// db/*schema, or the query helpers of db/client (rows, namedRows, runStatement); type
// imports are free.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const here = import.meta.dirname;

const IMPORT = /^import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/gm;
const QUERY_HELPERS = new Set(['rows', 'namedRows', 'runStatement']);

function mayHoldSql(file: string): boolean {
  return (
    file.endsWith('.repository.ts') ||
    file.endsWith('.test.ts') ||
    file.endsWith('test-helpers.ts') ||
    file.startsWith('db/')
  );
}

/** The value (non-type) names a file imports that write SQL. */
function sqlImports(source: string): string[] {
  const found: string[] = [];
  for (const [, typeOnly, names, from] of source.matchAll(IMPORT)) {
    if (typeOnly) continue;
    const values = names!
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '));
    if (from === 'drizzle-orm') found.push(...values.map((n) => `drizzle-orm ${n}`));
    else if (/\/db\/(\w+\.)?schema$/.test(from!)) found.push(...values.map((n) => `table ${n}`));
    else if (/\/db\/client$/.test(from!)) {
      found.push(...values.filter((n) => QUERY_HELPERS.has(n)).map((n) => `db/client ${n}`));
    }
  }
  return found;
}

/** Every TypeScript file under src/ that writes SQL, as a path with forward slashes. */
function filesWithSql(): string[] {
  return readdirSync(here, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .filter((file) => sqlImports(readFileSync(path.join(here, file), 'utf8')).length > 0)
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

it('holds SQL only in repositories, .sql homes and db/', () => {
  const found = filesWithSql();
  // The scan must see the repositories' SQL, or an empty answer below would prove nothing.
  expect(found.some((file) => file.endsWith('.repository.ts'))).toBe(true);
  expect(found.filter((file) => !mayHoldSql(file))).toEqual([]);
});

it('sees SQL written through drizzle, tables and the query helpers, not type imports', () => {
  expect(sqlImports("import { type SQL, sql } from 'drizzle-orm';")).toEqual(['drizzle-orm sql']);
  expect(sqlImports("import type { SQL } from 'drizzle-orm';")).toEqual([]);
  expect(sqlImports("import { users } from '../../db/schema';")).toEqual(['table users']);
  expect(sqlImports("import { type UserRow } from '../db/payments.schema';")).toEqual([]);
  expect(sqlImports("import { type Db, rows } from '../../db/client';")).toEqual([
    'db/client rows',
  ]);
});
