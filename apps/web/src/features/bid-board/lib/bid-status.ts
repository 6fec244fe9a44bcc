// Bid status per auction for the current member (marketplace §4) and the labels derived
// from it: the card's bid button and the bidding slide's submit button (§2 Auction card).

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

export const BID_BUTTON_LABEL: Record<BidStatus, string> = {
  winning: 'Winning',
  outbid: 'Outbid',
  none: 'Bid',
};

export interface SubmitState {
  isVisitor: boolean;
  isApproved: boolean;
  insufficientFlash: boolean;
  isLeading: boolean;
}

export function submitLabel(state: SubmitState): string {
  if (state.isVisitor) return 'Sign Up to Bid';
  if (!state.isApproved) return 'Pending approval';
  if (state.insufficientFlash) return 'Insufficient Tokens';
  if (state.isLeading) return 'Update Bid';
  return 'Submit Bid';
}

/** Visitors may press (it opens How It Works); members need approval and a higher amount. */
export function isSubmitDisabled(
  state: SubmitState & { amount: number; currentBid: number; submitting: boolean },
): boolean {
  if (state.isVisitor) return false;
  if (!state.isApproved) return true;
  return state.submitting || state.amount <= state.currentBid;
}
