import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSET_GRACE_MS, sweepSupersededAssets } from './keep-previous-assets';

function assetsWith(...names: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'assets-'));
  for (const name of names) writeFileSync(path.join(dir, name), name);
  return dir;
}

describe("the previous build's hashed files", () => {
  const t0 = Date.parse('2026-11-26T12:00:00Z');

  it('are kept through a rebuild, then deleted with their compressed copies after the grace period', () => {
    const dir = assetsWith('menu-old.js', 'menu-old.js.br', 'menu-old.js.gz', 'menu-new.js');
    const current = new Set(['menu-new.js']);

    expect(sweepSupersededAssets(dir, current, t0)).toEqual([]);
    expect(existsSync(path.join(dir, 'menu-old.js'))).toBe(true);

    expect(sweepSupersededAssets(dir, current, t0 + ASSET_GRACE_MS - 1)).toEqual([]);
    expect(sweepSupersededAssets(dir, current, t0 + ASSET_GRACE_MS)).toEqual(['menu-old.js']);
    expect(readdirSync(dir).sort()).toEqual(['.superseded.json', 'menu-new.js']);
  });

  it('start their grace period when they stop being current, not when they were built', () => {
    const dir = assetsWith('menu-a.js');
    sweepSupersededAssets(dir, new Set(['menu-a.js']), t0);
    writeFileSync(path.join(dir, 'menu-b.js'), 'b');
    expect(sweepSupersededAssets(dir, new Set(['menu-b.js']), t0 + ASSET_GRACE_MS * 2)).toEqual([]);
    expect(existsSync(path.join(dir, 'menu-a.js'))).toBe(true);
  });
});
