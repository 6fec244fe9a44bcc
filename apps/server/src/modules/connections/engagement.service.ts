// Engagement (product rules 'Connection lifecycle'): both members of an accepted
// connection have sent at least one message. At that moment the owner is paid the
// escrowed bid (`win`, added to both balances) and both hear about it; the part a card
// purchase paid for waits out the settlement hold when that purchase is recent
// (reward-settlement.ts). The chat module calls these two functions; nothing here knows
// about conversations.
import type { Tx } from '../../db/client';
import { loadFixedSetting } from '../settings/settings.service';
import {
  alertsEngaged,
  type ConnectionEffects,
  eventForBoth,
  mergeEffects,
  noEffects,
} from './connection-effects';
import { payReward } from './connection-escrow';
import { lockAcceptedBetween, lockMembers } from './connections.repository';
import {
  engagedBefore,
  markEngaged,
  purchaseHoldEnd,
  recordFirstMessage,
} from './engagement.repository';

/**
 * Call INSIDE the transaction that stores a message from `senderId` to `partnerId`.
 * Records the sender's first message on every accepted connection between the two
 * (members who won each other's auctions have two), and when both members have now
 * written, marks engagement with a guarded UPDATE and pays the owner exactly once:
 * a `win` ledger row, alerts `connection_mutual` to both and `connection_reward` to the
 * owner. Returns what to publish (connectionEffectEvents) after the transaction
 * commits; nothing when there is no accepted connection or nothing new happened.
 * Lock order: connection rows, then both members' rows by id; call it before the
 * message transaction locks any member row itself.
 */
export async function recordMessageSent(
  tx: Tx,
  message: { senderId: number; partnerId: number; now: Date },
): Promise<ConnectionEffects> {
  const { senderId, partnerId, now } = message;
  const effects = noEffects();
  const live = await lockAcceptedBetween(tx, senderId, partnerId);
  if (live.length > 0) await lockMembers(tx, { user_id: senderId, partner_id: partnerId });
  for (const connection of live) {
    const side = connection.user_id === senderId ? 'user' : 'partner';
    const first = await recordFirstMessage(tx, connection.id, side, now);
    if (!first) continue;
    const holdDays = await loadFixedSetting(tx, 'purchase_settlement_days');
    const settlesAt = await purchaseHoldEnd(tx, connection.user_id, holdDays, now);
    const engaged = await markEngaged(tx, connection.id, now, settlesAt);
    if (!engaged) continue;
    const ledger = [await payReward(tx, engaged)];
    mergeEffects(effects, {
      alerts: await alertsEngaged(tx, engaged, await engagedBefore(tx, engaged)),
      events: eventForBoth('connectionReward', engaged, { ledger }),
    });
  }
  return effects;
}

/** Whether two members may exchange messages, asked by the chat. */
export { acceptedConnectionBetween } from './engagement.repository';
