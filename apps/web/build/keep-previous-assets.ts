// Keeps the previous builds' hashed files for a grace period instead of emptying the output
// folder: a tab opened before a deploy still runs the old index and asks for the old chunks
// when the member opens a screen. Each build records when a file stopped being part of the
// current build (assets/.superseded.json) and deletes it (and its .br/.gz copies) once it has
// been superseded for longer than the grace period; the tab reloads onto the new build by
// then (apps/web/src/lib/chunk-guard.ts).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

export const ASSET_GRACE_MS = 7 * 24 * 60 * 60 * 1000;
const LEDGER = '.superseded.json';
const COMPRESSED = /\.(br|gz)$/;

type Ledger = Record<string, number>;

function readLedger(dir: string): Ledger {
  try {
    return JSON.parse(readFileSync(path.join(dir, LEDGER), 'utf8')) as Ledger;
  } catch {
    return {};
  }
}

/**
 * Sweeps `assetsDir` after a build whose files are `current`: files of earlier builds are
 * kept until they have been superseded for `graceMs`. Returns the files deleted.
 */
export function sweepSupersededAssets(
  assetsDir: string,
  current: ReadonlySet<string>,
  now: number,
  graceMs = ASSET_GRACE_MS,
): string[] {
  if (!existsSync(assetsDir)) return [];
  const before = readLedger(assetsDir);
  const ledger: Ledger = {};
  const deleted: string[] = [];
  for (const name of readdirSync(assetsDir)) {
    if (name === LEDGER || COMPRESSED.test(name) || current.has(name)) continue;
    const since = before[name] ?? now;
    if (now - since >= graceMs) {
      for (const file of [name, `${name}.br`, `${name}.gz`]) {
        rmSync(path.join(assetsDir, file), { force: true });
      }
      deleted.push(name);
    } else {
      ledger[name] = since;
    }
  }
  writeFileSync(path.join(assetsDir, LEDGER), JSON.stringify(ledger, null, 2));
  return deleted;
}

export function keepPreviousAssets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'bidboard:keep-previous-assets',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      const outDir = path.resolve(config.root, config.build.outDir);
      const assetsDir = path.join(outDir, config.build.assetsDir);
      mkdirSync(assetsDir, { recursive: true });
      const current = new Set(
        Object.keys(bundle)
          .filter((file) => file.startsWith(`${config.build.assetsDir}/`))
          .map((file) => path.basename(file)),
      );
      sweepSupersededAssets(assetsDir, current, Date.now());
    },
  };
}
