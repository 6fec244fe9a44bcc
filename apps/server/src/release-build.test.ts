// The release build after a development start (issue 48): `NODE_ENV=development npm start`
// builds the web app in development, and the `npm run build` after it, with NODE_ENV still
// set in the shell, must ship React's production build, not reuse the development one.
// Runs the real scripts (scripts/build.mjs) in a copy of the build's inputs, so the
// repository's own builds, which other tests serve, are left alone.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
/** Strings only React's development build holds (its warnings); the production build has none. */
const DEVELOPMENT_MARKERS = ['Each child in a list should have a unique', 'react-dom.development'];

/** The React chunk the built page loads (index.html's modulepreload), read from `dir`. */
function reactChunk(dir: string): string {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const chunk = html.match(/\/assets\/react-[\w-]+\.js/)?.[0];
  if (!chunk) throw new Error(`no React chunk in ${dir}/index.html`);
  return readFileSync(path.join(dir, chunk), 'utf8');
}

const hasMarkers = (code: string) => DEVELOPMENT_MARKERS.some((marker) => code.includes(marker));

describe('the build keys on its mode', () => {
  let copy = '';
  const run = (args: string[]) =>
    execFileSync(process.execPath, args, {
      cwd: copy,
      env: { ...process.env, NODE_ENV: 'development' },
      stdio: 'pipe',
    });

  beforeAll(() => {
    copy = mkdtempSync(path.join(tmpdir(), 'bidboard-build-'));
    const copyIn = (entry: string) =>
      cpSync(path.join(root, entry), path.join(copy, entry), {
        recursive: true,
        filter: (from) => !/[\\/](dist|node_modules|\.vite)$/.test(from),
      });
    for (const entry of [
      'package.json',
      'package-lock.json',
      'tsconfig.base.json',
      'scripts',
      'packages/shared',
      'apps/web',
      'apps/server/src',
      'apps/server/scripts',
      'apps/server/package.json',
    ]) {
      copyIn(entry);
    }
    // The installed packages are the repository's (read only by the builds).
    symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
    mkdirSync(path.join(copy, 'apps/server'), { recursive: true });
    symlinkSync(
      path.join(root, 'apps/server/node_modules'),
      path.join(copy, 'apps/server/node_modules'),
    );
  });
  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('ships React’s production build after a development start, whatever NODE_ENV says', () => {
    // What `NODE_ENV=development npm start` runs before it starts the server.
    run(['--input-type=module', '-e', "await (await import('./scripts/build.mjs')).ensureBuilt()"]);
    expect(hasMarkers(reactChunk(path.join(copy, 'apps/web/dist')))).toBe(true);

    run(['scripts/build.mjs']);
    expect(hasMarkers(reactChunk(path.join(copy, 'release/apps/web/dist')))).toBe(false);
  }, 600_000);
});
