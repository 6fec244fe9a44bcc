// Landing copy of accounts §1: the sign-in pitch and the How It Works overlay both use it.

export const PITCH_HEADLINE = 'Outbid your rivals for the hottest connections.';
/** The How It Works overlay shows the headline without the final period. */
export const INSTRUCTIONS_TITLE = 'Outbid your rivals for the hottest connections';

export const PITCH_POINTS = [
  'Chat unlocks once your winning bid is accepted.',
  'Earn tokens for chatting with your winning bidder.',
  'Redeem tokens for cash with a 5X multiplier (limited time).',
  'Bidding closes Thursday at 8pm ET.',
  'Claim fee tokens daily.',
] as const;
