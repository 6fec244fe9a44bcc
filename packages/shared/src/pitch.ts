// Landing copy of accounts §1: the sign-in pitch and the How It Works overlay both use it.

export const PITCH_HEADLINE = 'Outbid your rivals for the hottest connections.';
/** The How It Works overlay shows the headline without the final period. */
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

/** The pitch's points in order; the redemption line waits for the multiplier (null). */
export function pitchPoints(multiplier: number | null): (string | null)[] {
  return [
    'Chat unlocks once your winning bid is accepted.',
    'Earn tokens for chatting with your winning bidder.',
    multiplier === null ? null : redemptionLine(multiplier),
    'Bidding closes Thursday at 8pm ET.',
    DAILY_CLAIM_LINE,
  ];
}
