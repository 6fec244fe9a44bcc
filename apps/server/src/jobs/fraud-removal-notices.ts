// The scam notification job (issue 42): every five minutes, on every server, the fraud
// removals not yet told reach the members who exchanged messages with them (the rule
// allows 24 hours). The rows are the truth and the timer only a prompt.
import type { FastifyInstance } from 'fastify';
import {
  type FraudNoticeContext,
  sendFraudRemovalNotices,
} from '../modules/safety/fraud-notices.service';
import { startRepeatingJob } from './repeating-job';

const FRAUD_NOTICE_INTERVAL_MS = 5 * 60_000;

/** Starts the job when the app is ready (unless disabled) and stops it on close. */
export function registerFraudNoticeJob(
  app: FastifyInstance,
  deps: FraudNoticeContext & { enabled: boolean },
): void {
  if (!deps.enabled) return;
  let job: ReturnType<typeof startRepeatingJob<number>> | undefined;
  app.addHook('onReady', async () => {
    job = startRepeatingJob({
      name: 'fraud_removal_notices',
      run: (isStopped) => sendFraudRemovalNotices(deps, isStopped),
      intervalMs: FRAUD_NOTICE_INTERVAL_MS,
      onError: (err) => app.log.error({ err }, 'fraud removal notices failed'),
    });
  });
  app.addHook('preClose', async () => {
    await job?.stop();
  });
}
