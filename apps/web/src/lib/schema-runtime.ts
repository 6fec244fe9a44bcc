// zod compiles object parsers with `new Function` when it may; its probe for that is
// reported as a violation under our Content Security Policy (no 'unsafe-eval'). The
// documented global setting turns the probe and the compiler off for the browser. Imported
// first by main.tsx, before any module could build a schema.
import { config } from 'zod/v4/core';

config({ jitless: true });
