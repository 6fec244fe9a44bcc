// zod compiles object parsers with `new Function` when it may; its probe for that is
// reported as a violation under our Content Security Policy (no 'unsafe-eval'). The
// documented global setting turns the probe and the compiler off for the browser. Imported
// first by main.tsx, before any module could build a schema. zod adopts a configuration
// already on globalThis (copies of zod share it that way), so this sets it without loading
// zod: the first page does not need zod, and importing its `config` put ~3 KB gzip of it
// there.
const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;
