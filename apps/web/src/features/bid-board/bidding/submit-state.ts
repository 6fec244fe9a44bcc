// The bidding slide's submit button (marketplace §2 Auction card): its label, as a key of the
// slide's catalogue, follows the member's state; when it may be pressed.
import type { BiddingTextKey } from './i18n';

export interface SubmitState {
  isVisitor: boolean;
  isApproved: boolean;
  insufficientFlash: boolean;
  isLeading: boolean;
}

export function submitLabel(state: SubmitState): BiddingTextKey {
  if (state.isVisitor) return 'submit.signUp';
  if (!state.isApproved) return 'submit.pending';
  if (state.insufficientFlash) return 'submit.insufficient';
  if (state.isLeading) return 'submit.update';
  return 'submit.bid';
}

/** Visitors may press (it opens How It Works); members need approval and a higher amount. */
export function isSubmitDisabled(
  state: SubmitState & { amount: number; currentBid: number; submitting: boolean },
): boolean {
  if (state.isVisitor) return false;
  if (!state.isApproved) return true;
  return state.submitting || state.amount <= state.currentBid;
}
