// A refund, void or chargeback takes a purchase's tokens back (ledger type
// 'purchase_reversal'), once: the purchase row's status is the guard. What the purchase
// paid for is taken wherever it still is (product rules, The token economy), in this one
// transaction: the buyer's purchased tokens, then their purchased tokens in the escrow of an
// open auction they lead (auctions/lead-clawback), in a connection's escrow or in an owner's
// reward held for the settlement hold (connections/purchase-clawback), each back to the
// buyer first, then the rest of the buyer's balance. What cannot be taken (paid out as
// cash) is a payment review naming the buyer and the members already paid from their bids.
// Locks: the purchase, the auctions the buyer leads and then their connections in id order,
// the buyer (auctions before connections before members, as every escrow change).
import type { TokenPurchaseRow } from '../../db/payments.schema';
import { cardsChanged, transactionThenPublish } from '../../lib/realtime';
import { lockPurchasedLeadsOf } from '../auctions/auction-lead.repository';
import { clawBackFromLeads, type LeadClawback } from '../auctions/lead-clawback';
import { recordAdminAction } from '../audit';
import { type Clawback, clawBackFromConnections, lockClawbackSources } from '../connections';
import { balanceEvent } from '../tokens/balance.events';
import { applyBalanceChange } from '../tokens/ledger';
import { flagTokensOwed, rewardedBy } from './payment-reviews.repository';
import type { PaymentsContext } from './payments.context';
import { lockBuyerBalance, lockPurchase, markPurchaseReversed } from './purchases.repository';

export type ReversalReason = 'refund' | 'chargeback' | 'void';

export type ReversalResult =
  | {
      status: 'reversed';
      purchase: TokenPurchaseRow;
      tokensTaken: number;
      tokensOwed: number;
      /** What came back out of the buyer's connections (escrows, held rewards). */
      clawed: Clawback[];
      /** What came back out of the open auctions the buyer leads. */
      leads: LeadClawback[];
      reviewId: number | null;
    }
  | { status: 'already'; purchase: TokenPurchaseRow }
  | { status: 'unknown' };

export async function reversePurchase(
  ctx: PaymentsContext,
  input: {
    transactionId: string;
    reason: ReversalReason;
    /** An admin recording it by hand (audited); absent for the processor's webhook. */
    adminId?: number | null;
  },
): Promise<ReversalResult> {
  const provider = ctx.gateway.provider;
  const now = ctx.clock();
  return transactionThenPublish(ctx, async (tx, events): Promise<ReversalResult> => {
    const purchase = await lockPurchase(tx, provider, input.transactionId);
    if (!purchase) return { status: 'unknown' };
    if (purchase.status !== 'completed') return { status: 'already', purchase };
    const leadsHeld = await lockPurchasedLeadsOf(tx, purchase.user_id);
    const sources = await lockClawbackSources(tx, purchase.user_id);
    // The member row stays locked until commit, so the balance read here is the one debited.
    const buyer = await lockBuyerBalance(tx, purchase.user_id);
    const needed = purchase.tokens - Math.min(purchase.tokens, buyer.purchased);
    const leads = await clawBackFromLeads(tx, leadsHeld, {
      buyerId: purchase.user_id,
      tokens: needed,
      purchaseId: purchase.id,
    });
    const clawed = await clawBackFromConnections(tx, sources, {
      tokens: needed - leads.reduce((sum, l) => sum + l.tokens, 0),
      purchaseId: purchase.id,
      now,
    });
    const balance =
      buyer.balance +
      leads.reduce((sum, l) => sum + l.returned, 0) +
      clawed.reduce((sum, c) => sum + c.tokens, 0);
    // The leader's card shows a lower maximum, or the auction its starting bid again.
    if (leads.length) events.add(cardsChanged(leads.map((l) => l.auctionId)));
    const tokensTaken = Math.min(purchase.tokens, balance);
    const tokensOwed = purchase.tokens - tokensTaken;
    if (tokensTaken > 0) {
      const entry = await applyBalanceChange(tx, {
        userId: purchase.user_id,
        amount: -tokensTaken,
        type: 'purchase_reversal',
        referenceId: `purchase:${purchase.id}`,
        idempotencyKey: `purchase_reversal:${provider}:${input.transactionId}`,
      });
      if (entry) events.add(balanceEvent(entry, 'purchase_reversal'));
    }
    await markPurchaseReversed(tx, purchase.id, {
      reason: input.reason,
      tokensReversed: tokensTaken,
      now,
    });
    let reviewId: number | null = null;
    if (tokensOwed > 0) {
      reviewId = await flagTokensOwed(tx, {
        userId: purchase.user_id,
        purchaseId: purchase.id,
        reason: input.reason,
        amountCents: purchase.amount_cents,
        tokensOwed,
        tokensBought: purchase.tokens,
        paidTo: await rewardedBy(tx, purchase.user_id, purchase.created_at),
        now,
      });
    }
    if (input.adminId !== undefined) {
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: 'purchase.reverse',
        targetType: 'purchase',
        targetId: purchase.id,
        before: { status: 'completed' },
        after: {
          status: input.reason,
          tokens_taken: tokensTaken,
          tokens_owed: tokensOwed,
          clawed_back: clawed.map((c) => ({ connection_id: c.connectionId, tokens: c.tokens })),
          clawed_from_leads: leads.map((l) => ({
            auction_id: l.auctionId,
            tokens: l.tokens,
            voided: l.voided,
          })),
        },
      });
    }
    return { status: 'reversed', purchase, tokensTaken, tokensOwed, clawed, leads, reviewId };
  });
}
