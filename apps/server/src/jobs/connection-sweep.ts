// The connection lifecycle sweeper: reminders, expiries, grace-period ends and
// engagement deadlines (modules/connections/connection-sweep.service). The database is
// the source of truth and the deadlines come from the settings at each run; the timer
// only wakes the sweep, every 30 s. Any number of servers may run it: each change is a
// guarded UPDATE, so it happens once, and a sweep after downtime catches up.
import type { FastifyInstance } from 'fastify';
import { sweepConnections } from '../modules/connections/connection-sweep.service';
import type { ConnectionsContext } from '../modules/connections/connections.service';
import { startRepeatingJob } from './repeating-job';

export const CONNECTION_SWEEP_INTERVAL_MS = 30_000;

export interface ConnectionSweeper {
  /** Runs a sweep now; overlapping calls share one run. */
  wake(): Promise<void>;
  /** Stops the timer; resolves when a sweep in progress has finished. */
  stop(): Promise<void>;
}

export function startConnectionSweeper(deps: {
  ctx: ConnectionsContext;
  onError: (error: unknown) => void;
  intervalMs?: number;
}): ConnectionSweeper {
  return startRepeatingJob({
    name: 'connection_sweep',
    run: async () => {
      await sweepConnections(deps.ctx);
    },
    intervalMs: deps.intervalMs ?? CONNECTION_SWEEP_INTERVAL_MS,
    onError: deps.onError,
  });
}

/** Starts the sweeper when the app is ready (unless disabled) and stops it on close. */
export function registerConnectionSweeper(
  app: FastifyInstance,
  deps: { ctx: ConnectionsContext; enabled: boolean },
): void {
  if (!deps.enabled) return;
  let sweeper: ConnectionSweeper | undefined;
  app.addHook('onReady', async () => {
    sweeper = startConnectionSweeper({
      ctx: deps.ctx,
      onError: (err) => app.log.error({ err }, 'connection sweep failed'),
    });
  });
  app.addHook('preClose', async () => {
    await sweeper?.stop();
  });
}
