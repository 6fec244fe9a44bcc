// The lead bidder's escrow on an auction, by origin (product rules, The token economy): a
// refund gives back exactly the parts place_bid took.
import type { TokenParts } from '../tokens/ledger';

export interface AuctionEscrow {
  escrow_promotional: number;
  escrow_purchased: number;
  escrow_redeemable: number;
}

export const auctionEscrowParts = (a: AuctionEscrow): TokenParts => ({
  promotional: a.escrow_promotional,
  purchased: a.escrow_purchased,
  redeemable: a.escrow_redeemable,
});
