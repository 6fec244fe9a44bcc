// Landing copy of accounts §1 that the How It Works overlay shows (the sign-in pitch's
// words are in the web's auth catalogues, in each language).

/** The How It Works overlay shows the pitch's headline without the final period. */
export const INSTRUCTIONS_TITLE = 'Outbid your rivals for the hottest connections';

/**
 * The redemption line names the multiplier in effect (product rules: Copy): the launch
 * campaign's '5X multiplier (limited time)' only while the setting says so.
 */
export function redemptionLine(multiplier: number): string {
  return multiplier > 1
    ? `Redeem tokens for cash with a ${multiplier}X multiplier (limited time).`
    : 'Redeem earned tokens for cash.';
}

/** The spec's 'fee tokens' is a typo (product rules: Copy). */
export const DAILY_CLAIM_LINE = 'Claim free tokens daily.';
