// The timed half of the connection lifecycle (product rules 'Connection lifecycle'), run
// by the sweeper on any server, by the admin and by the CLI:
//   reminder      pending for connection_reminder_hours -> the owner is reminded once;
//   expiry        pending for connection_expiry_hours -> expired, the bidder refunded;
//   grace end     rejected for rejection_grace_hours -> the bidder refunded;
//   no engagement accepted for engagement_window_hours, nobody paid -> expired, refunded;
//   second chance a connection that ended without engagement -> its runner-up offered it
//                 (second-chance.service);
//   settlement    a reward held for the settlement hold whose hold is over -> paid to the
//                 owner as redeemable (reward-settlement).
// Deadlines are computed from the settings in effect at the sweep, so a late sweep
// catches up on everything that fell due while no server ran it. Each connection is
// changed in its own transaction by a guarded UPDATE, so a member's click racing the
// sweep, or two sweeps, change it once.
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type PublishingContext, publishAfterCommit } from '../../lib/realtime';
import { loadSettings } from '../settings/settings.service';
import {
  alertReminder,
  alertsExpired,
  type ConnectionEffects,
  eventForBoth,
} from './connection-effects';
import { refundEscrow } from './connection-escrow';
import {
  expireWhere,
  graceOverBy,
  markRemindedWhere,
  releaseEscrowWhere,
  reminderDueBy,
  rewardDue,
  unansweredBy,
  unengagedBy,
} from './connection-sweep.repository';
import { hoursBefore } from './connection-timers';
import { connectionEffectEvents } from './connections.events';
import { type ConnectionRow, connectionIdsWhere, lockMembers } from './connections.repository';
import type { ConnectionsContext } from './connections.service';
import { settleReward } from './reward-settlement';
import { endedWithoutEngagement } from './second-chance.repository';
import { offerSecondChance } from './second-chance.service';

const BATCH = 200;

export interface ConnectionSweep {
  reminded: number;
  expired: number;
  refundedAfterGrace: number;
  expiredWithoutEngagement: number;
  /** Ended connections looked at for a second chance (offered or not). */
  secondChancesChecked: number;
  /** Held rewards paid at the end of their settlement hold. */
  rewardsSettled: number;
}

/**
 * Pays `partnerId` every held reward whose hold is over, before their redemption reads
 * what they can cash; returns how many.
 */
export function settleRewardsOf(
  ctx: PublishingContext,
  partnerId: number,
  now: Date,
): Promise<number> {
  return sweepEach(ctx, rewardDue(now, partnerId), (tx, id) => settleReward(tx, id, now));
}

/**
 * Applies `step` to every connection matching `due`, one transaction each, whose effects
 * are published as soon as it has committed; returns how many it changed. A connection someone else changed first is skipped by the guard
 * (which is `due` itself, so every id leaves the set and the loop ends).
 */
async function sweepEach(
  ctx: PublishingContext,
  due: SQL,
  step: (tx: Tx, id: number) => Promise<ConnectionEffects | null>,
): Promise<number> {
  let changed = 0;
  for (;;) {
    const ids = await connectionIdsWhere(ctx.db, due, BATCH);
    for (const id of ids) {
      const result = await publishAfterCommit(ctx.realtime, async (events) => {
        const effects = await ctx.db.transaction((tx) => step(tx, id));
        if (effects) events.add(...connectionEffectEvents(effects));
        return effects;
      });
      if (result) changed += 1;
    }
    if (ids.length < BATCH) return changed;
  }
}

export async function sweepConnections(ctx: ConnectionsContext): Promise<ConnectionSweep> {
  const now = ctx.clock();
  const timers = await loadSettings(ctx.db, ctx.config);
  const remindBy = hoursBefore(now, timers.connection_reminder_hours);
  const expireBy = hoursBefore(now, timers.connection_expiry_hours);
  const graceBy = hoursBefore(now, timers.rejection_grace_hours);
  const engageBy = hoursBefore(now, timers.engagement_window_hours);

  const expireAndRefund = async (
    tx: Tx,
    changed: ConnectionRow | null,
    reason: 'unanswered' | 'unengaged',
  ): Promise<ConnectionEffects | null> => {
    if (!changed) return null;
    await lockMembers(tx, changed);
    const ledger = [await refundEscrow(tx, changed)];
    return {
      alerts: await alertsExpired(tx, changed, reason),
      events: eventForBoth('connectionExpired', changed, { ledger }),
    };
  };

  // Expiries first: a connection overdue for both is expired, not reminded.
  const pendingDue = unansweredBy(expireBy);
  const expired = await sweepEach(ctx, pendingDue, async (tx, id) =>
    expireAndRefund(tx, await expireWhere(tx, id, pendingDue, now), 'unanswered'),
  );

  const reminderDue = reminderDueBy(remindBy, expireBy);
  const reminded = await sweepEach(ctx, reminderDue, async (tx, id) => {
    const changed = await markRemindedWhere(tx, id, reminderDue, now);
    return changed ? { alerts: await alertReminder(tx, changed), events: [] } : null;
  });

  const graceDue = graceOverBy(graceBy);
  const refundedAfterGrace = await sweepEach(ctx, graceDue, async (tx, id) => {
    const changed = await releaseEscrowWhere(tx, id, graceDue, now);
    if (!changed) return null;
    await lockMembers(tx, changed);
    const ledger = [await refundEscrow(tx, changed)];
    return { alerts: [], events: eventForBoth('connectionRejected', changed, { ledger }) };
  });

  const unengagedDue = unengagedBy(engageBy);
  const expiredWithoutEngagement = await sweepEach(ctx, unengagedDue, async (tx, id) =>
    expireAndRefund(tx, await expireWhere(tx, id, unengagedDue, now), 'unengaged'),
  );

  // Last, so a connection this sweep ended is offered to the runner-up in the same sweep;
  // an unmatch by a member is picked up here too.
  const secondChancesChecked = await sweepEach(ctx, endedWithoutEngagement, (tx, id) =>
    offerSecondChance(tx, id, now),
  );

  const settlementDue = rewardDue(now);
  const rewardsSettled = await sweepEach(ctx, settlementDue, (tx, id) => settleReward(tx, id, now));

  return {
    reminded,
    expired,
    refundedAfterGrace,
    expiredWithoutEngagement,
    secondChancesChecked,
    rewardsSettled,
  };
}
