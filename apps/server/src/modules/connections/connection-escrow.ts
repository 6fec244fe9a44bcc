// Releasing a connection's escrow (product rules, Token balances): the held bid goes back
// to the bidder as a `refund`, or to the owner as the `win` reward, which adds to both of
// the owner's balances (redeemable). One idempotency key per connection covers both ways,
// so the ledger itself refuses a second release, whichever path attempts it.
import { applyBalanceChange, type LedgerEntry } from '../tokens/ledger';
import type { ConnectionRow } from './connections.repository';

export const escrowKey = (connectionId: number) => `connection:${connectionId}:escrow`;
export const connectionReference = (connectionId: number) => `connection:${connectionId}`;

type Tx = Parameters<typeof applyBalanceChange>[0];
type Held = Pick<ConnectionRow, 'id' | 'user_id' | 'partner_id' | 'amount'>;

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
  const entry = await applyBalanceChange(tx, {
    userId: connection.user_id,
    amount: connection.amount,
    type,
    bidTargetId: connection.partner_id,
    referenceId: connectionReference(connection.id),
    idempotencyKey: escrowKey(connection.id),
  });
  return released(entry, connection.id);
}

/** Pays the escrowed bid to the owner as their reward: tokens they may redeem for cash. */
export async function payReward(tx: Tx, connection: Held): Promise<LedgerEntry> {
  const entry = await applyBalanceChange(tx, {
    userId: connection.partner_id,
    amount: connection.amount,
    redeemableAmount: connection.amount,
    type: 'win',
    bidTargetId: connection.user_id,
    referenceId: connectionReference(connection.id),
    idempotencyKey: escrowKey(connection.id),
  });
  return released(entry, connection.id);
}
