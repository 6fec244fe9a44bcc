// Compiles the server ahead of time: src/server.ts and src/cli.ts bundled with the shared
// package into dist/ (ES modules, source maps), node_modules left as imports, and the SQL
// migrations and static assets copied beside them. `npm start` then runs plain JavaScript.
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = path.resolve(import.meta.dirname, '..');
const own = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const shared = JSON.parse(
  readFileSync(path.join(here, '../../packages/shared/package.json'), 'utf8'),
);
// The shared package is TypeScript source, so it is bundled; every installed package is
// imported at run time (one copy of zod, native modules untouched).
const external = [...Object.keys(own.dependencies), ...Object.keys(shared.dependencies)].filter(
  (name) => name !== '@bidboard/shared',
);
// Observability (issue 21): OpenTelemetry patches these packages as Node loads them (require
// and import hooks). Bundled, they would never be loaded by name and their spans would
// silently vanish, so they stay imports whatever else the build bundles.
const instrumented = ['pg', 'pg-pool', 'ioredis', 'fastify', '@opentelemetry/*'];

const dist = path.join(here, 'dist');
rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: here,
  // entry.ts starts tracing (when configured) before it imports server.ts; the vision model
  // process is forked from a file of its own (adapters/vision/local-vision).
  entryPoints: {
    server: 'src/entry.ts',
    cli: 'src/cli.ts',
    'vision-process': 'src/adapters/vision/vision-process.ts',
  },
  outdir: dist,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external: [...new Set([...external, ...instrumented])],
  logLevel: 'warning',
});
// Files the code reads beside itself (path.dirname(import.meta.url)/<folder>): in the
// bundle that directory is dist/, so each folder is copied there under the same name.
const besideTheCode = [
  'src/db/migrations',
  'src/adapters/payments/sandbox/assets',
  'src/modules/payments/communicator',
];
for (const folder of besideTheCode) {
  cpSync(path.join(here, folder), path.join(dist, path.basename(folder)), { recursive: true });
}
// SQL routines (db/routines.ts) live beside their modules; the bundle reads them from
// dist/routines/<the same path under src/>.
for (const file of readdirSync(path.join(here, 'src/modules'), { recursive: true })) {
  if (!file.endsWith('.sql')) continue;
  cpSync(path.join(here, 'src/modules', file), path.join(dist, 'routines/modules', file));
}
