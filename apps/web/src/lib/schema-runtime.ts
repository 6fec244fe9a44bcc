// zod compiles object parsers with `new Function` when it may; its probe for that is
// reported as a violation under our Content Security Policy (no 'unsafe-eval'). The
// documented global setting `jitless` turns the probe and the compiler off. zod keeps its
// global settings on `globalThis.__zod_globalConfig` and adopts an object already there,
// so the setting is made without importing zod: zod's code stays out of the first page
// load (its budget), loading with the first screen that parses. Imported first by
// main.tsx, before any module could build a schema; schema-runtime.test.ts checks that
// zod reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

// A module, not a script: imported for its effect (main.tsx, the test).
export {};
