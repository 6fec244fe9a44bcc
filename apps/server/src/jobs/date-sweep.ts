// The dates sweeper (issue 45): check-ins due, silent check-ins that text a contact, and
// the did-you-meet questions (modules/dates/date-check-ins.service). Every minute; the rows
// are the truth and the timer only a prompt, so a sweep after downtime catches up. Any
// number of servers may run it: each claim takes its rows with SKIP LOCKED and marks them.
import type { FastifyInstance } from 'fastify';
import { type DateSweepResult, sweepDates } from '../modules/dates/date-check-ins.service';
import { startRepeatingJob } from './repeating-job';

export const DATE_SWEEP_INTERVAL_MS = 60_000;

type SweepDeps = Parameters<typeof sweepDates>[0];

export interface DateSweeper {
  wake(): Promise<DateSweepResult | undefined>;
  stop(): Promise<void>;
}

export function startDateSweeper(
  deps: SweepDeps & { onError: (error: unknown) => void; intervalMs?: number },
): DateSweeper {
  return startRepeatingJob({
    name: 'date_sweep',
    run: () => sweepDates(deps),
    intervalMs: deps.intervalMs ?? DATE_SWEEP_INTERVAL_MS,
    onError: deps.onError,
  });
}

/** Starts the sweeper when the app is ready (unless disabled) and stops it on close;
 * `wakeOn` (the development clock's moves) runs it at once. */
export function registerDateSweeper(
  app: FastifyInstance,
  deps: SweepDeps & { enabled: boolean; wakeOn?: (wake: () => void) => void },
): void {
  if (!deps.enabled) return;
  let sweeper: DateSweeper | undefined;
  deps.wakeOn?.((): void => void sweeper?.wake());
  app.addHook('onReady', async () => {
    sweeper = startDateSweeper({
      ...deps,
      onError: (err) => app.log.error({ err }, 'date sweep failed'),
    });
  });
  app.addHook('preClose', async () => {
    await sweeper?.stop();
  });
}
