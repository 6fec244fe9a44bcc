// The token economy (product rules, The token economy must never pay out more cash than
// it takes in): what a reward makes redeemable, in the words members read. Pure
// functions: the server decides with them, the web shows the same numbers.

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
