// The build keys on its mode (issue 48): `npm start` with NODE_ENV=development (the
// server's local adapters, as the journeys run it) still builds React's production build;
// after a development build (WEB_BUILD_MODE=development npm start), the `npm run build`
// with both still set in the shell must ship the production build, not reuse the other.
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
  const run = (args: string[], env: Record<string, string> = {}) =>
    execFileSync(process.execPath, args, {
      cwd: copy,
      env: { ...process.env, NODE_ENV: 'development', ...env },
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

  it('builds production for a development server, and a release after a development build', () => {
    // What `npm start` runs before it starts the server.
    const start = (env: Record<string, string> = {}) =>
      run(
        ['--input-type=module', '-e', "await (await import('./scripts/build.mjs')).ensureBuilt()"],
        env,
      );
    start();
    expect(hasMarkers(reactChunk(path.join(copy, 'apps/web/dist')))).toBe(false);

    start({ WEB_BUILD_MODE: 'development' });
    expect(hasMarkers(reactChunk(path.join(copy, 'apps/web/dist')))).toBe(true);

    run(['scripts/build.mjs'], { WEB_BUILD_MODE: 'development' });
    expect(hasMarkers(reactChunk(path.join(copy, 'release/apps/web/dist')))).toBe(false);
  }, 600_000);
});
