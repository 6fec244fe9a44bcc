// The server's entry (built as dist/server.js): tracing and error reporting start (when
// configured) before any package tracing instruments is loaded, then the server itself (server.ts) is imported and runs.
import { startErrorReporting } from './lib/error-reporting';
import { startTracing } from './lib/tracing';

await startTracing();
await startErrorReporting();
await import('./server');
