// `npm start`: builds what changed (scripts/build.mjs), then runs the compiled server in
// this process. Plain JavaScript: no TypeScript is compiled at run time. The root
// package.json starts it with a small young generation (--max-semi-space-size), which
// keeps an idle server's memory low, and with gc exposed for the one full collection after
// PGlite's start (apps/server/src/server.ts).
import { ensureBuilt } from './build.mjs';

ensureBuilt();
await import('../apps/server/dist/server.js');
