// The payout sweeper: sends pending redemptions the payout provider has not accepted yet
// (a failed or interrupted send) every minute. Redemption rows are the truth; the timer
// only wakes the sweep, and any number of servers may run it (rows are claimed with
// SKIP LOCKED, and PayPal refuses a repeated sender_batch_id).
import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from '../modules/payments/payments.context';
import { sweepPayouts } from '../modules/redemptions/payouts.service';
import { type RepeatingJob, startRepeatingJob } from './repeating-job';

export const PAYOUT_SWEEP_INTERVAL_MS = 60_000;

export function registerPayoutSweeper(
  app: FastifyInstance,
  ctx: PaymentsContext,
  options: { enabled: boolean },
): void {
  if (!options.enabled || ctx.payouts.provider === 'manual') return;
  let job: RepeatingJob<number> | undefined;
  app.addHook('onReady', async () => {
    job = startRepeatingJob({
      name: 'payout_sweep',
      run: () => sweepPayouts(ctx),
      intervalMs: PAYOUT_SWEEP_INTERVAL_MS,
      onError: (err) => app.log.error({ err }, 'payout sweep failed'),
    });
  });
  app.addHook('preClose', async () => {
    await job?.stop();
  });
}
