// The layers of ARCHITECTURE.md are Biome rules (biome.json, noRestrictedImports per file
// kind): these cases lint small files placed where each kind lives and prove the rules
// refuse what crosses a layer and accept what does not, so a change to biome.json that
// loses one (two overrides matching a file replace each other's options) fails here.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(root, 'node_modules/.bin/biome');
const area = `layering-fixture-${process.pid}`;
const dir = path.join(import.meta.dirname, 'modules', area);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The messages Biome's import rule gives `source` when it sits at modules/<area>/<file>. */
async function refusals(file: string, source: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const at = path.join(dir, file);
  writeFileSync(at, source);
  try {
    const { stdout } = await promisify(execFile)(
      biome,
      ['lint', '--only=style/noRestrictedImports', '--reporter=json', at],
      { cwd: root },
    ).catch((error: { stdout: string }) => error);
    const report = JSON.parse(stdout) as {
      diagnostics: { category: string; message: string }[];
    };
    return report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => d.message);
  } finally {
    rmSync(at);
  }
}

const SQL = "import { sql } from 'drizzle-orm';\n\nexport const q = sql`SELECT 1`;\n";
const TABLE = "import { users } from '../../db/schema';\n\nexport const t = users;\n";
const QUERY =
  "import { type Executor, rows } from '../../db/client';\n\nexport const r = (db: Executor) => rows(db, null as never);\n";
const TYPES =
  "import type { SQL } from 'drizzle-orm';\nimport type { UserRow } from '../../db/schema';\n\nexport type T = [SQL, UserRow];\n";

it('keeps SQL in repositories: services, routes, sockets and plain modules write none', async () => {
  for (const file of ['x.service.ts', 'x.routes.ts', 'x.socket.ts', 'x-rules.ts']) {
    for (const source of [SQL, TABLE, QUERY]) {
      expect(await refusals(file, source), `${file}: ${source}`).toHaveLength(1);
    }
  }
  for (const source of [SQL, TABLE, QUERY]) {
    expect(await refusals('x.repository.ts', source)).toEqual([]);
  }
}, 60_000);

it('lets every layer name SQL and row types', async () => {
  for (const file of ['x.service.ts', 'x.routes.ts', 'x-rules.ts', 'x.repository.ts']) {
    expect(await refusals(file, TYPES), file).toEqual([]);
  }
}, 60_000);

it('keeps imports going down: routes → services → repositories', async () => {
  const repository = "import { q } from './x.repository';\n\nexport const a = q;\n";
  const service = "import { a } from './x.service';\n\nexport const b = a;\n";
  const route = "import { r } from './x.routes';\n\nexport const c = r;\n";
  expect(await refusals('y.routes.ts', repository)).toHaveLength(1);
  expect(await refusals('y.socket.ts', repository)).toHaveLength(1);
  expect(await refusals('y.service.ts', repository)).toEqual([]);
  expect(await refusals('y.service.ts', route)).toHaveLength(1);
  expect(await refusals('y.repository.ts', service)).toHaveLength(1);
  expect(await refusals('y.routes.ts', service)).toEqual([]);
}, 60_000);
