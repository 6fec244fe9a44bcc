// The scam notification job (issue 42): every five minutes, on every server, and at once
// on the server where an admin has just removed an account for fraud, the fraud removals
// not yet told reach the members who exchanged messages with them (the rule allows 24
// hours). The rows are the truth; the timer and the wake-up are only prompts.
import type { FastifyInstance } from 'fastify';
import {
  type FraudNoticeContext,
  sendFraudRemovalNotices,
} from '../modules/safety/fraud-notices.service';
import { startRepeatingJob } from './repeating-job';

const FRAUD_NOTICE_INTERVAL_MS = 5 * 60_000;

/**
 * Starts the job when the app is ready (unless disabled) and stops it on close; returns its
 * wake-up, for a removal just committed (a no-op while the job is off).
 */
export function registerFraudNoticeJob(
  app: FastifyInstance,
  deps: FraudNoticeContext & { enabled: boolean },
): () => void {
  let job: ReturnType<typeof startRepeatingJob<number>> | undefined;
  if (deps.enabled) {
    app.addHook('onReady', async () => {
      job = startRepeatingJob({
        name: 'fraud_removal_notices',
        run: (isStopped) => sendFraudRemovalNotices(deps, isStopped),
        intervalMs: FRAUD_NOTICE_INTERVAL_MS,
        onError: (err) => app.log.error({ err }, 'fraud removal notices failed'),
        // A wake means a removal just committed, perhaps after this run's last claim.
        rerunWhenWoken: true,
      });
    });
    app.addHook('preClose', async () => {
      await job?.stop();
    });
  }
  return () => void job?.wake();
}
