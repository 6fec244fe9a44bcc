// Scam notifications (issue 42, product rules: Lawful to launch). An account suspended or
// deleted for fraud or scam is recorded in that transaction; the notice job (any server,
// every few minutes, well within the 24 hours the rule allows) then tells every member who
// exchanged messages with it in the 30 days before: an alert, whose push and text follow
// the member's settings through the notification outbox. Each removal is claimed with
// SKIP LOCKED and its notices, alerts and 'notified' mark commit together, so two servers
// never handle one removal twice; the notices' key (one per member and removed account)
// makes a repeated run a no-op, and a member told about the account once (a fraud
// suspension, then its deletion) is not told again, even when two servers handle the two
// removals at the same moment.
//
// A fraud hold (an admin's, or the scam guard's third flagged message in a week) keeps the
// account from reaching anyone: the outbox sends no push or text its messages or the
// alerts about it would cause, and the alerts panel does not show those alerts.
import {
  FRAUD_ALERT_MESSAGES,
  FRAUD_NOTICE_LOOKBACK_DAYS,
  type SuspensionCategory,
} from '@bidboard/shared';
import type { Db, Tx } from '../../db/client';
import { type Realtime, transactionThenPublish } from '../../lib/realtime';
import { alertEvents } from '../alerts/alerts.events';
import { type AlertRow, insertAlert } from '../alerts/alerts.repository';
import {
  claimWaitingRemoval,
  markRemovalNotified,
  recordFraudRemoval,
  recordNotices,
} from './fraud-notices.repository';

export interface FraudNoticeContext {
  db: Db;
  clock: () => Date;
  realtime?: Realtime;
}

/**
 * Records, in the removal's own transaction, an account an admin suspended or deleted for
 * fraud or scam, for the notice job below; a removal for another reason tells nobody.
 */
export async function recordRemovalIfFraud(
  tx: Tx,
  userId: number,
  category: SuspensionCategory,
  now: Date,
): Promise<void> {
  if (category === 'fraud_or_scam') await recordFraudRemoval(tx, userId, now);
}

/** Tells the contacts of one waiting removal; false when none was waiting. */
async function notifyOneRemoval(ctx: FraudNoticeContext): Promise<boolean> {
  return transactionThenPublish(ctx, async (tx, events) => {
    const removal = await claimWaitingRemoval(tx);
    if (!removal) return false;
    const now = ctx.clock();
    const told = await recordNotices(tx, removal, FRAUD_NOTICE_LOOKBACK_DAYS, now);
    const alerts: (AlertRow | null)[] = [];
    for (const userId of told) {
      alerts.push(
        await insertAlert(tx, {
          userId,
          kind: 'fraud_removal',
          // Never who: the removed account is gone, and naming it helps nobody stay safe.
          payload: { removalId: removal.id },
          message: FRAUD_ALERT_MESSAGES.removed,
          text: { key: 'FRAUD_ALERT_MESSAGES.removed' },
        }),
      );
    }
    await markRemovalNotified(tx, removal.id, now);
    events.add(...alertEvents(alerts));
    return true;
  });
}

/** Tells the contacts of every waiting removal; how many removals were handled. */
export async function sendFraudRemovalNotices(
  ctx: FraudNoticeContext,
  isStopped: () => boolean = () => false,
): Promise<number> {
  let handled = 0;
  while (!isStopped() && (await notifyOneRemoval(ctx))) handled++;
  return handled;
}
