// A refund or chargeback takes back what the purchase paid for wherever it went (product
// rules, The token economy), not only what is left on the buyer's balance: purchased
// tokens of theirs still in a connection's escrow (pending, or accepted and unengaged) and
// in an owner's reward held for the settlement hold. Each goes back to the buyer's balance
// as purchased tokens (a `refund` row under the purchase's own key), for the reversal's
// one debit to take; the connection remembers them as clawed. Newest connections first:
// the most recent bids are the likeliest to be what a recent purchase paid for.
import type { Tx } from '../../db/client';
import { applyBalanceChange } from '../tokens/ledger';
import { connectionReference } from './connection-escrow';
import { type ClawbackSource, takePurchasedOut } from './purchase-clawback.repository';

export interface Clawback {
  connectionId: number;
  partnerId: number;
  heldIn: ClawbackSource['held_in'];
  tokens: number;
}

/** Takes up to `tokens` back from `sources` to the buyer's balance; what it took, where. */
export async function clawBackFromConnections(
  tx: Tx,
  sources: ClawbackSource[],
  input: { tokens: number; purchaseId: number; now: Date },
): Promise<Clawback[]> {
  const taken: Clawback[] = [];
  let left = input.tokens;
  for (const source of [...sources].reverse()) {
    if (left <= 0) break;
    const tokens = Math.min(left, source.purchased);
    if (!(await takePurchasedOut(tx, source, tokens, input.now))) continue;
    await applyBalanceChange(tx, {
      userId: source.user_id,
      amount: tokens,
      parts: { promotional: 0, purchased: tokens, redeemable: 0 },
      type: 'refund',
      bidTargetId: source.partner_id,
      referenceId: connectionReference(source.id),
      idempotencyKey: `connection:${source.id}:clawback:${input.purchaseId}`,
    });
    taken.push({
      connectionId: source.id,
      partnerId: source.partner_id,
      heldIn: source.held_in,
      tokens,
    });
    left -= tokens;
  }
  return taken;
}
