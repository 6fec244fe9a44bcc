// The token economy (product rules, The token economy must never pay out more cash than
// it takes in): what a reward makes redeemable, in the words members read, and the base
// rate with the bundle floor. Pure functions: the server decides with them, the web shows
// the same numbers.

/** A token is worth one cent at multiplier 1, before the payout fee. */
export const BASE_CENTS_PER_TOKEN = 1;

/** How many of a reward's tokens are redeemable for cash, in plain words. */
export function rewardSplitText(tokens: number, redeemable: number): string {
  const n = (v: number) => v.toLocaleString('en-US');
  if (redeemable >= tokens) return `All ${n(tokens)} tokens are redeemable for cash.`;
  if (redeemable <= 0) {
    return `None of the ${n(tokens)} tokens are redeemable for cash: they were free tokens, and stay yours for bidding.`;
  }
  return `${n(redeemable)} of the ${n(tokens)} tokens are redeemable for cash; the other ${n(tokens - redeemable)} were free tokens and stay yours for bidding.`;
}

/** The token screen's line about everything a member earned from winning bidders. */
export function earnedSplitText(earned: number, redeemable: number): string {
  const n = (v: number) => v.toLocaleString('en-US');
  if (earned <= 0) return 'Only tokens your winning bidders paid for can be cashed out.';
  return `You earned ${n(earned)} tokens from winning bidders; ${n(redeemable)} of them were redeemable for cash (the rest were free tokens, kept for bidding).`;
}

export interface BundlePrice {
  name: string;
  token_qty: number;
  cost_cents: number;
}

/**
 * The bundle floor: one token may not cost less than it pays out at the base rate. A
 * redemption of every token of the bundle pays token_qty cents minus the fee at most, so
 * the bundle must cost at least that. Returns the message naming the bundle, or null.
 */
export function bundleFloorViolation(bundle: BundlePrice, payoutFeeCents: number): string | null {
  const payout = bundle.token_qty * BASE_CENTS_PER_TOKEN - payoutFeeCents;
  if (bundle.cost_cents >= payout) return null;
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  return `The bundle '${bundle.name}' would sell ${bundle.token_qty.toLocaleString('en-US')} tokens for ${dollars(bundle.cost_cents)}, less than the ${dollars(payout)} they pay out at the base rate. Price it at ${dollars(payout)} or more.`;
}
