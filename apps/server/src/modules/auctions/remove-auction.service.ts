// An admin takes an auction off the Bid Board (moderation). The lead bidder's escrow is
// refunded in the same transaction, and the guarded status change makes it happen once.

import { AUCTION_MESSAGES } from '@bidboard/shared';
import { notFound } from '../../lib/errors';
import { type PublishingContext, transactionThenPublish } from '../../lib/realtime';
import { recordAdminAction } from '../audit';
import { applyBalanceChange } from '../tokens/ledger';
import { auctionEscrowParts } from './auction-escrow';
import { auctionRemovedEvents } from './auctions.events';
import { markAuctionDeleted } from './member-auction.repository';

export interface RemovedAuction {
  auctionId: number;
  refunded: { userId: number; tokenBalance: number } | null;
}

/** `adminId` is who removed it, for the audit log (null: the operator CLI). */
export async function removeAuction(
  ctx: PublishingContext,
  auctionId: number,
  adminId: number | null,
): Promise<RemovedAuction> {
  return transactionThenPublish(ctx, async (tx, events) => {
    const auction = await markAuctionDeleted(tx, auctionId);
    if (!auction) throw notFound(AUCTION_MESSAGES.auctionNotFound);
    const hasLeader = auction.lead_bidder_id !== null && auction.current_bid > 0;
    const entry = hasLeader
      ? await applyBalanceChange(tx, {
          userId: auction.lead_bidder_id!,
          amount: auction.lead_max,
          parts: auctionEscrowParts(auction),
          type: 'refund',
          bidTargetId: auction.user_id,
          referenceId: `auction:${auction.id}`,
          idempotencyKey: `auction-removed:${auction.id}`,
        })
      : null;
    await recordAdminAction(tx, {
      adminId,
      action: 'auction.remove',
      targetType: 'auction',
      targetId: auctionId,
      before: {
        status: 'active',
        owner_id: auction.user_id,
        current_bid: auction.current_bid,
        lead_bidder_id: auction.lead_bidder_id,
      },
      after: { status: 'deleted', refunded: hasLeader ? auction.lead_max : 0 },
    });
    const done: RemovedAuction = {
      auctionId,
      refunded: entry
        ? { userId: auction.lead_bidder_id!, tokenBalance: entry.balance_after }
        : null,
    };
    events.add(...auctionRemovedEvents(done));
    return done;
  });
}
