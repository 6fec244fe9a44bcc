// The payout sweeper: sends pending redemptions the payout provider has not accepted yet
// (a failed or interrupted send) every minute. Redemption rows are the truth; the timer
// only wakes the sweep, and any number of servers may run it (rows are claimed with
// SKIP LOCKED, and PayPal refuses a repeated sender_batch_id).
import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from '../modules/payments/payments.context';
import { sweepPayouts } from '../modules/redemptions/payouts.service';

export const PAYOUT_SWEEP_INTERVAL_MS = 60_000;

export function registerPayoutSweeper(
  app: FastifyInstance,
  ctx: PaymentsContext,
  options: { enabled: boolean },
): void {
  if (!options.enabled || ctx.payouts.provider === 'manual') return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  const wake = () => {
    running ??= sweepPayouts(ctx)
      .catch((err: unknown) => app.log.error({ err }, 'payout sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(wake, PAYOUT_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
