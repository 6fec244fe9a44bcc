// Bid entry rules (marketplace §5 Bid, §9): step and minimum raise of 10, five digit boxes.
import { BID_STEP, MAX_BID } from '@bidboard/shared';

export const BID_DIGITS = 5;

/** The lowest bid the server accepts: the current bid plus one step. */
export function minimumBid(currentBid: number): number {
  return Math.min(MAX_BID, currentBid + BID_STEP);
}

/** 120 -> ['0','0','1','2','0']: the amount padded to the five boxes. */
export function amountToDigits(amount: number): string[] {
  const clamped = Math.max(0, Math.min(MAX_BID, Math.trunc(amount)));
  return String(clamped).padStart(BID_DIGITS, '0').split('');
}

/** Empty boxes count as 0. */
export function digitsToAmount(digits: readonly string[]): number {
  const joined = digits.map((d) => (/^\d$/.test(d) ? d : '0')).join('');
  return Number.parseInt(joined, 10) || 0;
}

export function increaseBid(amount: number): number {
  return Math.min(MAX_BID, amount + BID_STEP);
}

export function decreaseBid(amount: number): number {
  return Math.max(0, amount - BID_STEP);
}

/** Minus is disabled at or below current bid + 10. */
export function isMinusDisabled(amount: number, currentBid: number): boolean {
  return amount <= currentBid + BID_STEP;
}

export function isPlusDisabled(amount: number): boolean {
  return amount + BID_STEP > MAX_BID;
}

/** A lower entry is raised to the minimum on submit. */
export function amountToSubmit(amount: number, currentBid: number): number {
  return Math.max(amount, minimumBid(currentBid));
}
