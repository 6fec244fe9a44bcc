// Bid status per auction for the current member (marketplace §4) and the card's bid button
// label derived from it (§2 Auction card), as a key of the Bid Board's catalogue.
import type { BoardTextKey } from '../i18n';

export type BidStatus = 'winning' | 'outbid' | 'none';

export function bidStatus(
  userId: number | null,
  leadBidderId: number | null,
  previousLeadBidderIds: readonly number[],
): BidStatus {
  if (userId === null) return 'none';
  if (leadBidderId === userId) return 'winning';
  if (previousLeadBidderIds.includes(userId)) return 'outbid';
  return 'none';
}

export const BID_BUTTON_LABEL: Record<BidStatus, BoardTextKey> = {
  winning: 'card.winning',
  outbid: 'card.outbid',
  none: 'card.bid',
};
