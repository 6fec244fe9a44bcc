// The end of the settlement hold (product rules, The token economy): a reward's purchased
// part waited, off the owner's balance, while the bidder's card purchase could still be
// refunded or charged back; once the hold is over it arrives as redeemable tokens, a
// second `win` row under its own key, so it is paid once whichever path gets there first:
// the connection sweeper, or the owner's redemption asking for it.
import type { Tx } from '../../db/client';
import { applyBalanceChange } from '../tokens/ledger';
import { type ConnectionEffects, eventForBoth } from './connection-effects';
import { connectionReference } from './connection-escrow';
import { takeDueReward } from './connection-sweep.repository';

const settledKey = (connectionId: number) => `connection:${connectionId}:settled`;

/**
 * Pays a held reward that is due; null when there is none. Lock order: the connection,
 * then the owner (the ledger's lock).
 */
export async function settleReward(
  tx: Tx,
  id: number,
  now: Date,
): Promise<ConnectionEffects | null> {
  const held = await takeDueReward(tx, id, now);
  if (!held) return null;
  const entry = await applyBalanceChange(tx, {
    userId: held.partner_id,
    amount: held.reward_pending,
    parts: { promotional: 0, purchased: 0, redeemable: held.reward_pending },
    type: 'win',
    bidTargetId: held.user_id,
    referenceId: connectionReference(id),
    idempotencyKey: settledKey(id),
  });
  if (!entry) throw new Error(`held reward of connection ${id} was already paid`);
  const paid = { ...held, reward_pending: 0 };
  return { alerts: [], events: eventForBoth('connectionReward', paid, { ledger: [entry] }) };
}
