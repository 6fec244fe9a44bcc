// The token economy (product rules, The token economy must never pay out more cash than
// it takes in): what a reward makes redeemable, in the words members read, and the base
// rate with the bundle floor, and how a campaign's budget splits a redemption's value.
// Pure functions: the server decides with them, the web shows the same numbers.
import { redemptionPayoutCents } from './redemption';

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

/** What the campaign (a multiplier above 1, product rules) may still pay on a redemption. */
export interface CampaignLimits {
  /** The multiplier setting; 1 is no campaign. */
  multiplier: number;
  feeCents: number;
  /** The campaign budget not yet spent or held by a pending redemption. */
  budgetLeftCents: number;
  /** What this member may still get from the campaign in the 30 days before now. */
  memberLeftCents: number;
}

export interface RedemptionValue {
  /** Tokens at the base rate (one cent each) minus the payout fee: paid from cash taken in. */
  baseCents: number;
  /** The extra the multiplier adds, as far as the budget and the member's cap reach. */
  campaignCents: number;
  amountCents: number;
}

/**
 * The dollar value of a redemption: the base part, plus the multiplier's extra paid from the
 * campaign budget up to what is left of it and of the member's 30-day cap. With neither
 * left, a redemption is valued at the base rate.
 */
export function redemptionValue(tokens: number, limits: CampaignLimits): RedemptionValue {
  const baseCents = redemptionPayoutCents(tokens, 1, limits.feeCents);
  const extra = redemptionPayoutCents(tokens, limits.multiplier, limits.feeCents) - baseCents;
  const campaignCents = Math.max(
    0,
    Math.min(extra, limits.budgetLeftCents, limits.memberLeftCents),
  );
  return { baseCents, campaignCents, amountCents: baseCents + campaignCents };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The redemption screen's and the settings editor's words about the campaign. */
export const CAMPAIGN_MESSAGES = {
  needsBudget:
    'A multiplier above 1 is a campaign: set a campaign budget and a per-member cap above 0 first.',
  basePart: (cents: number) => `Base value (1 cent a token, minus fees): $${dollars(cents)}`,
  campaignPart: (multiplier: number, cents: number) =>
    `${multiplier}X campaign bonus: $${dollars(cents)}`,
  partly: 'The campaign bonus covers part of these tokens; the rest are valued at the base rate.',
  budgetSpent: 'The campaign budget is spent: tokens are valued at the base rate.',
  memberCapReached:
    "You have reached this campaign's limit for the last 30 days: tokens are valued at the base rate.",
  valueChanged: (cents: number) =>
    `The value of this redemption changed to $${dollars(cents)}. Check it and redeem again.`,
} as const;

/** An admin grant of tokens that can become cash (product rules: grants are promotional unless marked paid). */
export const GRANT_MESSAGES = {
  cashRequired:
    'A paid or redeemable grant needs the cash the member paid and where it is recorded.',
  cashInvalid: 'Enter the cash received in cents: a whole number from 0 to 100,000,000.',
  cashBelowFloor: (tokens: number) =>
    `${tokens.toLocaleString('en-US')} tokens need at least $${dollars(tokens * BASE_CENTS_PER_TOKEN)} in cash (one cent a token).`,
} as const;

/**
 * Tokens that can become cash only come with cash: a positive paid or redeemable grant
 * names the cash received (at least the base rate) and its record. Null when it may go ahead.
 */
export function grantCashProblem(grant: {
  amount: number;
  paid: boolean;
  redeemable: boolean;
  cashCents?: number | null;
  cashReference?: string | null;
}): string | null {
  if (grant.amount <= 0 || !(grant.paid || grant.redeemable)) return null;
  const cents = grant.cashCents ?? Number.NaN;
  if (!Number.isInteger(cents) || !grant.cashReference?.trim()) return GRANT_MESSAGES.cashRequired;
  if (cents < grant.amount * BASE_CENTS_PER_TOKEN)
    return GRANT_MESSAGES.cashBelowFloor(grant.amount);
  return null;
}
