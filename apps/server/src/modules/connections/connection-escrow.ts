// Releasing a connection's escrow (product rules, Token balances and The token economy):
// the held bid goes back to the bidder as a `refund`, exactly the parts by origin it held,
// or to the owner as the `win` reward: its purchased and redeemable parts become
// redeemable, its promotional part arrives promotional. One idempotency key per connection covers both ways,
// so the ledger itself refuses a second release, whichever path attempts it. A purchased
// part held for the settlement hold (reward_pending) reaches the owner later, as a second
// `win` row under its own key (reward-settlement.ts).
import {
  applyBalanceChange,
  type LedgerEntry,
  partsTotal,
  type TokenParts,
} from '../tokens/ledger';
import type { ConnectionRow } from './connections.repository';

export const escrowKey = (connectionId: number) => `connection:${connectionId}:escrow`;
export const connectionReference = (connectionId: number) => `connection:${connectionId}`;

type Tx = Parameters<typeof applyBalanceChange>[0];
type Held = Pick<
  ConnectionRow,
  | 'id'
  | 'user_id'
  | 'partner_id'
  | 'amount'
  | 'escrow_promotional'
  | 'escrow_purchased'
  | 'escrow_redeemable'
>;
type Rewarded = Held & Pick<ConnectionRow, 'reward_pending'>;

/** The parts of a held escrow, as the bidder paid them. */
export const escrowParts = (c: Held): TokenParts => ({
  promotional: c.escrow_promotional,
  purchased: c.escrow_purchased,
  redeemable: c.escrow_redeemable,
});

/**
 * What the owner's reward pays at engagement: only paid-for tokens become redeemable, and
 * a purchased part under the settlement hold waits.
 */
export const rewardParts = (c: Rewarded): TokenParts => ({
  promotional: c.escrow_promotional,
  purchased: 0,
  redeemable: c.escrow_purchased - c.reward_pending + c.escrow_redeemable,
});

function released(entry: LedgerEntry | null, connectionId: number): LedgerEntry {
  // The row said 'held' under its lock; a used key means the two disagree: roll back.
  if (!entry) throw new Error(`escrow of connection ${connectionId} was already released`);
  return entry;
}

/**
 * Gives the escrowed bid back to the winning bidder; `refund_deleted_user` when the
 * connection ends because a member deleted their account.
 */
export async function refundEscrow(
  tx: Tx,
  connection: Held,
  type: 'refund' | 'refund_deleted_user' = 'refund',
): Promise<LedgerEntry> {
  // What a purchase reversal clawed back is no longer in the escrow.
  const parts = escrowParts(connection);
  const entry = await applyBalanceChange(tx, {
    userId: connection.user_id,
    amount: partsTotal(parts),
    parts,
    type,
    bidTargetId: connection.partner_id,
    referenceId: connectionReference(connection.id),
    idempotencyKey: escrowKey(connection.id),
  });
  return released(entry, connection.id);
}

/**
 * Pays the escrowed bid to the owner as their reward; its paid-for part is redeemable,
 * less what the settlement hold keeps pending.
 */
export async function payReward(tx: Tx, connection: Rewarded): Promise<LedgerEntry> {
  const parts = rewardParts(connection);
  const entry = await applyBalanceChange(tx, {
    userId: connection.partner_id,
    amount: partsTotal(parts),
    parts,
    type: 'win',
    bidTargetId: connection.user_id,
    referenceId: connectionReference(connection.id),
    idempotencyKey: escrowKey(connection.id),
  });
  return released(entry, connection.id);
}
