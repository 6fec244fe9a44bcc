// A refund or chargeback takes back what the purchase paid for wherever it went (product
// rules, The token economy), an open auction's escrow too: the buyer's lead there holds
// their whole maximum, purchased tokens included, until they are outbid or the period
// closes. The purchased tokens needed come back to the buyer's balance (a `refund` row
// under the purchase's own key) for the reversal's one debit to take. The lead stands on
// what is left when that still covers the current bid (only the hidden maximum is lower);
// otherwise a bid the reversed payment paid for does not stand: the lead is voided as a
// withdrawal's is (the auction starts again from its starting bid) and the whole escrow
// comes back. Newest auctions first, as the connections' clawback.
import type { Tx } from '../../db/client';
import { applyBalanceChange } from '../tokens/ledger';
import { auctionEscrowParts } from './auction-escrow';
import {
  type LockedLead,
  lastBidIdOf,
  lowerLead,
  voidAuctionLead,
} from './auction-lead.repository';

export interface LeadClawback {
  auctionId: number;
  ownerId: number;
  /** Purchased tokens of the purchase taken from this lead. */
  tokens: number;
  /** Tokens back on the buyer's balance: `tokens`, or the whole escrow of a voided lead. */
  returned: number;
  voided: boolean;
}

/** Takes up to `tokens` purchased tokens back from the buyer's locked `leads`. */
export async function clawBackFromLeads(
  tx: Tx,
  leads: LockedLead[],
  input: { buyerId: number; tokens: number; purchaseId: number },
): Promise<LeadClawback[]> {
  const taken: LeadClawback[] = [];
  let left = input.tokens;
  for (const lead of [...leads].reverse()) {
    if (left <= 0) break;
    const tokens = Math.min(left, lead.escrow_purchased);
    const lowered = await lowerLead(tx, lead, input.buyerId, tokens);
    if (!lowered) await voidAuctionLead(tx, lead.id, await lastBidIdOf(tx, lead.id));
    const returned = lowered ? tokens : lead.lead_max;
    await applyBalanceChange(tx, {
      userId: input.buyerId,
      amount: returned,
      parts: lowered
        ? { promotional: 0, purchased: tokens, redeemable: 0 }
        : auctionEscrowParts(lead),
      type: 'refund',
      bidTargetId: lead.user_id,
      referenceId: `auction:${lead.id}`,
      idempotencyKey: `auction:${lead.id}:clawback:${input.purchaseId}`,
    });
    taken.push({ auctionId: lead.id, ownerId: lead.user_id, tokens, returned, voided: !lowered });
    left -= tokens;
  }
  return taken;
}
