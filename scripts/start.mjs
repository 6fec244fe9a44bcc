// `npm start`: builds what changed (scripts/build.mjs), then runs the compiled server in
// this process. Plain JavaScript: no TypeScript is compiled at run time. The root
// package.json starts it with a small young generation (--max-semi-space-size), which
// keeps an idle server's memory low, an old generation that grows by half its live size
// before a full collection (--heap-growing-percent; V8 lets it grow to four times under a
// busy load, ~150 MB of garbage at /me's pace), and with gc exposed for the one full
// collection after PGlite's start (apps/server/src/server.ts).
import { ensureBuilt } from './build.mjs';

ensureBuilt();
await import('../apps/server/dist/server.js');
