import { describe, expect, it } from 'vitest';
import biddingEn from '../bidding/locales/en.json';
import { isSubmitDisabled, submitLabel } from '../bidding/submit-state';
import en from '../locales/en.json';
import {
  amountToSubmit,
  decreaseBid,
  increaseBid,
  isMinusDisabled,
  isPlusDisabled,
  minimumBid,
  needsConfirmation,
} from './bid-amount';
import { BID_BUTTON_LABEL, bidStatus } from './bid-status';

describe('bid amount rules', () => {
  it('the minimum bid is the current bid plus 10', () => {
    expect(minimumBid(0)).toBe(10);
    expect(minimumBid(120)).toBe(130);
    expect(minimumBid(99_995)).toBe(99_999);
  });

  it('asks about a bid of more than half the balance, not one beyond it', () => {
    expect(needsConfirmation(100, 200)).toBe(false);
    expect(needsConfirmation(101, 200)).toBe(true);
    expect(needsConfirmation(200, 200)).toBe(true);
    expect(needsConfirmation(201, 200)).toBe(false);
    expect(needsConfirmation(500, null)).toBe(false);
  });

  it('steps by 10 and raises a low entry to the minimum on submit', () => {
    expect(increaseBid(130)).toBe(140);
    expect(increaseBid(130, 50)).toBe(180);
    expect(increaseBid(99_980, 50)).toBe(99_999);
    expect(decreaseBid(130)).toBe(120);
    expect(decreaseBid(5)).toBe(0);
    expect(amountToSubmit(125, 120)).toBe(130);
    expect(amountToSubmit(200, 120)).toBe(200);
  });

  it('disables minus at or below current bid + 10 and plus at the 5-digit cap', () => {
    expect(isMinusDisabled(130, 120)).toBe(true);
    expect(isMinusDisabled(125, 120)).toBe(true);
    expect(isMinusDisabled(140, 120)).toBe(false);
    expect(isPlusDisabled(99_990)).toBe(true);
    expect(isPlusDisabled(99_989)).toBe(false);
  });
});

describe('bid status and labels', () => {
  it('is winning as lead bidder, outbid when in the previous list, otherwise Bid', () => {
    const label = (...args: Parameters<typeof bidStatus>) =>
      en[BID_BUTTON_LABEL[bidStatus(...args)]];
    expect(label(7, 7, [3])).toBe('Winning');
    expect(label(7, 3, [7])).toBe('Outbid');
    expect(label(7, 3, [])).toBe('Bid');
    expect(label(null, 3, [])).toBe('Bid');
  });

  const base = { isVisitor: false, isApproved: true, insufficientFlash: false, isLeading: false };

  it('labels the submit button for visitors, pending members, flashes and leaders', () => {
    const submitText = (state: typeof base) => biddingEn[submitLabel(state)];
    expect(submitText({ ...base, isVisitor: true, isApproved: false })).toBe('Sign Up to Bid');
    expect(submitText({ ...base, isApproved: false })).toBe('Pending approval');
    expect(submitText({ ...base, insufficientFlash: true, isLeading: true })).toBe(
      'Insufficient Tokens',
    );
    expect(submitText({ ...base, isLeading: true })).toBe('Update Bid');
    expect(submitText(base)).toBe('Submit Bid');
  });

  it('disables submit at or below the current bid and for members pending approval', () => {
    const bid = { ...base, currentBid: 120, submitting: false };
    expect(isSubmitDisabled({ ...bid, amount: 120 })).toBe(true);
    expect(isSubmitDisabled({ ...bid, amount: 125 })).toBe(false);
    expect(isSubmitDisabled({ ...bid, amount: 200, isApproved: false })).toBe(true);
    expect(isSubmitDisabled({ ...bid, amount: 0, isVisitor: true, isApproved: false })).toBe(false);
  });
});
