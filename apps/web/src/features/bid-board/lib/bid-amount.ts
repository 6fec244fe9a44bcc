// Bid entry rules (marketplace §5 Bid, §9): step and minimum raise of 10, five digit boxes.
import { BID_STEP, MAX_BID } from '@bidboard/shared';

export const BID_DIGITS = 5;

/** The lowest bid the server accepts: the current bid plus one step. */
export function minimumBid(currentBid: number): number {
  return Math.min(MAX_BID, currentBid + BID_STEP);
}

export function increaseBid(amount: number, by: number = BID_STEP): number {
  return Math.min(MAX_BID, amount + by);
}

export function decreaseBid(amount: number): number {
  return Math.max(0, amount - BID_STEP);
}

/** Minus is disabled at or below current bid + 10. */
export function isMinusDisabled(amount: number, currentBid: number): boolean {
  return amount <= currentBid + BID_STEP;
}

export function isPlusDisabled(amount: number, by: number = BID_STEP): boolean {
  return amount + by > MAX_BID;
}

/** The quick raises under the boxes, besides -10 / +10 and "Lead by 10" (the minimum bid). */
export const QUICK_RAISES = [5 * BID_STEP] as const;

/** A lower entry is raised to the minimum on submit. */
export function amountToSubmit(amount: number, currentBid: number): number {
  return Math.max(amount, minimumBid(currentBid));
}

/**
 * A bid that would spend more than half of what the member holds for bids is asked about
 * first; one beyond the whole balance is not (the server refuses it: Insufficient Tokens).
 */
export function needsConfirmation(cost: number, balance: number | null): boolean {
  return balance !== null && cost > balance / 2 && cost <= balance;
}
