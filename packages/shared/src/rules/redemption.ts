// Cashing redeemable tokens out to PayPal (marketplace §5 Redemption, product rules
// 'Tokens'): the checks and their exact messages, and the payout arithmetic, used by the
// redemption screen and by the server alike.
import { validateEmail } from './email';
import { fail, pass, type RuleResult } from './result';

/** 5 digit boxes (§9), step 10, default minimum 500. */
export const REDEEM_DIGITS = 5;
export const REDEEM_MAX = 99_999;
export const REDEEM_STEP = 10;
export const DEFAULT_MINIMUM_REDEEMABLE = 500;

export const REDEMPTION_MESSAGES = {
  invalidEmail: 'Please enter a valid PayPal email address',
  invalidAmount: 'Please enter a valid token amount',
  /** The value the screen showed came back malformed: the screen is out of date. */
  invalidExpected: 'Please reopen the redemption screen and try again.',
  belowMinimum: (minimum: number) => `Minimum redemption amount is ${minimum} tokens`,
  insufficient: 'Insufficient redeemable tokens',
  nothingAfterFees: 'The amount after fees must be more than $0.00',
  submitted: 'Redemption request submitted.',
  failed: (message: string) => `Redemption failed: ${message}`,
  failedDefault: 'PayPal not found',
  tokensToRedeem: 'Tokens to redeem',
  multiplier: (multiplier: number) => `${multiplier}X multiplier in effect`,
  youWillReceive: (dollars: string) => `You will receive (minus fees): $${dollars}`,
  emailPrompt: "What's your PayPal email?",
  notFound: 'Redemption not found',
  notPending: 'This redemption is no longer pending.',
  sentToPayPal: 'This payout was sent to PayPal; its outcome comes from PayPal.',
  notHeld: 'This redemption is not waiting for review.',
} as const;

/** Email must be present and look like an address (§5: contains @). */
export function validatePaypalEmail(raw: string | undefined | null): RuleResult<string> {
  const email = (raw ?? '').trim();
  if (!email.includes('@') || !validateEmail(email).ok) {
    return fail(REDEMPTION_MESSAGES.invalidEmail);
  }
  return pass(email);
}

export interface RedemptionLimits {
  minimum: number;
  redeemable: number;
}

/** The amount rules of §5 in their order: above 0, at least the minimum, within the balance. */
export function validateRedeemAmount(amount: number, limits: RedemptionLimits): RuleResult<number> {
  if (!Number.isInteger(amount) || amount <= 0 || amount > REDEEM_MAX) {
    return fail(REDEMPTION_MESSAGES.invalidAmount);
  }
  if (amount < limits.minimum) return fail(REDEMPTION_MESSAGES.belowMinimum(limits.minimum));
  if (amount > limits.redeemable) return fail(REDEMPTION_MESSAGES.insufficient);
  return pass(amount);
}

/** Cents paid out: tokens x $0.01 x multiplier, minus the payout fee, never below 0. */
export function redemptionPayoutCents(tokens: number, multiplier: number, feeCents: number) {
  return Math.max(0, Math.round(tokens * multiplier) - feeCents);
}

/** Keeps a stepped amount inside [minimum, redeemable] (§5: amount is clamped). */
export function clampRedeemAmount(amount: number, limits: RedemptionLimits): number {
  const ceiling = Math.min(REDEEM_MAX, limits.redeemable);
  const floor = Math.min(limits.minimum, ceiling);
  return Math.max(floor, Math.min(ceiling, amount));
}
