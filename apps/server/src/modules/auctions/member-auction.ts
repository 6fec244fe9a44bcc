// Product rules (Bidding): every approved member with bids switched on has one auction in
// each period, and one who becomes eligible during a period (approved, finishing
// onboarding with AUTO_APPROVE, switching bids on) gets theirs in the current period at
// once, so they can be found right away. Every path that makes a member eligible calls
// this inside its own transaction.
import type { Tx } from '../../db/client';
import { insertEligibleMemberAuction } from './member-auction.repository';

/**
 * Opens the member's auction in the open period when they are eligible. Idempotent: an
 * auction they already have (even one an admin took off the board) is left as it is; with
 * no open period nothing happens, and the period that opens next includes them.
 * Returns the new auction's id, or null when none was opened.
 */
export function openAuctionForMember(tx: Tx, userId: number): Promise<number | null> {
  return insertEligibleMemberAuction(tx, userId);
}
