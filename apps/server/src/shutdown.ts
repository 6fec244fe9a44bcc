// The graceful stop of one server among several behind a balancer (SIGTERM):
//   1. /api/ready answers 503 at once, so the balancer's health check takes it out;
//   2. for DRAIN_DELAY_MS it keeps serving everything, while the balancer notices;
//   3. the app closes: socket events still running finish, the sockets are told to
//      reconnect (they land on another server and recover what they missed), requests in
//      flight get their whole answer, the jobs finish their run, Redis clients quit;
//   4. the database pool closes and the process exits.
// If any of it takes longer than SHUTDOWN_TIMEOUT_MS the process exits anyway (code 1).
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';

/** How often a closing server looks for keep-alive connections that went idle. */
const IDLE_SWEEP_MS = 200;

export interface ShutdownOptions {
  timeoutMs: number;
  exit: (code: number) => void;
}

export function createShutdown(app: FastifyInstance, database: Database, opts: ShutdownOptions) {
  let stopping: Promise<void> | undefined;
  /** A second call (another signal) joins the shutdown already under way. */
  return (reason: string, drainDelayMs: number) => {
    stopping ??= (async () => {
      app.log.info({ drainDelayMs }, `${reason} received: draining`);
      app.readiness.startDraining();
      await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
      const timer = setTimeout(() => {
        app.log.error(`still closing after ${opts.timeoutMs} ms: exiting anyway`);
        opts.exit(1);
      }, opts.timeoutMs);
      timer.unref();
      // Node closes the keep-alive connections idle when the close begins; one busy then
      // stays open after its answer until the balancer drops it from its pool (tens of
      // seconds behind HAProxy under load). Each is closed as soon as it goes idle instead.
      const idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      try {
        await app.close();
        clearInterval(idleSweep);
        await database.close();
        app.log.info('closed');
        opts.exit(0);
      } catch (err) {
        app.log.error({ err }, 'shutdown failed');
        opts.exit(1);
      } finally {
        clearTimeout(timer);
        clearInterval(idleSweep);
      }
    })();
    return stopping;
  };
}
