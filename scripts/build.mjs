// `npm run build`: builds the web app and the server, each only when its sources changed
// since its last build (a content hash kept beside each build), then assembles the release
// folder (scripts/release.mjs). `npm start` runs the builds first, so a warm start never
// rebuilds anything.
//
// The web app's build depends on its mode (React's development build is 50% bigger and
// slower), so its hash covers the mode and Vite is told the mode explicitly. The mode is
// production unless WEB_BUILD_MODE=development asks otherwise: the server's NODE_ENV
// (development selects its local adapters, and the journeys run with it) says nothing
// about the web app, which is served as it ships. A release is always production, and
// neither mode reuses the other's build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', '.vite', 'coverage']);

/** What each build reads; a change to any of these files triggers that build. */
const BUILDS = [
  {
    workspace: 'apps/web',
    output: 'apps/web/dist',
    keyedOnMode: true,
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/build',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/shared/src',
      'package-lock.json',
    ],
  },
  {
    workspace: 'apps/server',
    output: 'apps/server/dist',
    inputs: [
      'apps/server/src',
      'apps/server/scripts',
      'apps/server/package.json',
      'packages/shared/src',
      'package-lock.json',
    ],
  },
];

function addFiles(hash, entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      if (!SKIP.has(name) && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx')) {
        addFiles(hash, path.join(entry, name));
      }
    }
    return;
  }
  hash.update(entry).update('\0').update(readFileSync(full)).update('\0');
}

/** The web app's mode for `npm start`: production unless a development build is asked for. */
const startMode = () =>
  process.env.WEB_BUILD_MODE === 'development' ? 'development' : 'production';

export function ensureBuilt(mode = startMode()) {
  for (const build of BUILDS) {
    const hash = createHash('sha256');
    if (build.keyedOnMode) hash.update(`mode\0${mode}\0`);
    for (const input of build.inputs) addFiles(hash, input);
    const digest = hash.digest('hex');
    const stamp = path.join(root, build.output, '.source-hash');
    if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) continue;
    console.log(
      `building ${build.workspace} (${mode}; sources or mode changed since the last build)`,
    );
    const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: mode },
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
    writeFileSync(stamp, digest);
  }
}

// `npm run build` also assembles release/ (scripts/release.mjs); `npm start` needs only the builds.
if (process.argv[1] === import.meta.filename) {
  ensureBuilt('production');
  const { assembleRelease } = await import('./release.mjs');
  assembleRelease();
}
