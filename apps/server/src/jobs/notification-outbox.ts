// The notification outbox worker: sends due web pushes and texts (modules/notifications/
// outbox.service). Rows are durable; the timer (every 5 s) and the wake-ups after a
// message are only prompts. Any number of servers may run it: rows are claimed with
// FOR UPDATE SKIP LOCKED and finished with guarded updates. A request never waits for it.
import type { FastifyInstance } from 'fastify';
import { deliverDueNotifications, type OutboxDeps } from '../modules/notifications/outbox.service';
import { startRepeatingJob } from './repeating-job';

export const OUTBOX_INTERVAL_MS = 5000;

export interface OutboxWorker {
  /** Runs until no row is due; overlapping calls share one run. */
  wake(): Promise<void>;
  stop(): Promise<void>;
}

export function startOutboxWorker(
  deps: OutboxDeps,
  options: { onError: (error: unknown) => void; intervalMs?: number },
): OutboxWorker {
  return startRepeatingJob({
    name: 'notification_outbox',
    run: async (isStopped) => {
      while (!isStopped() && (await deliverDueNotifications(deps)) > 0);
    },
    intervalMs: options.intervalMs ?? OUTBOX_INTERVAL_MS,
    onError: options.onError,
    // A wake means a notification was just queued, perhaps after this run's last claim.
    rerunWhenWoken: true,
  });
}

/** Starts the worker when the app is ready (unless disabled); returns its wake-up. */
export function registerOutboxWorker(
  app: FastifyInstance,
  deps: OutboxDeps,
  enabled: boolean,
): () => void {
  let worker: OutboxWorker | undefined;
  if (enabled) {
    app.addHook('onReady', async () => {
      worker = startOutboxWorker(deps, {
        onError: (err) => app.log.error({ err }, 'notification outbox failed'),
      });
    });
    app.addHook('preClose', async () => {
      await worker?.stop();
    });
  }
  return () => void worker?.wake();
}
