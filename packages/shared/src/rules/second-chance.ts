// Second chance (product rules, Auctions beyond a plain high bid): when a connection ends
// without engagement, the auction's next distinct bidder is offered a connection at their
// own highest bid, once per auction, for SECOND_CHANCE_HOURS. The owner may switch it off.

/** How long the runner-up has to take a second chance. */
export const SECOND_CHANCE_HOURS = 24;

const tokens = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'token' : 'tokens'}`;

export const SECOND_CHANCE_TEXT = {
  setting: 'Offer my connection to the runner-up',
  settingHint:
    'When a connection from your auction ends without a conversation, the next bidder may take it at their own highest bid.',
  take: 'Take the second chance',
  taking: 'Taking...',
  title: 'Second chance',
  /** On the runner-up's result card while the offer stands. */
  offer: (owner: string | null, amount: number) =>
    `${owner ?? 'The owner'}'s connection is open again: it is yours at your highest bid of ${tokens(amount)}.`,
  until: (time: string) => `Take it before ${time}.`,
  taken: (owner: string | null) =>
    `You took the second chance. Waiting for ${owner ?? 'them'} to accept.`,
  failed: 'Could not take the second chance. Please try again.',
} as const;

export const SECOND_CHANCE_MESSAGES = {
  /** The runner-up's alert. */
  offered: (owner: string | null, amount: number) =>
    `Second chance: ${owner ?? 'a member'}'s connection is open again. Take it at your highest bid of ${tokens(amount)} within ${SECOND_CHANCE_HOURS} hours.`,
  /** The owner's alert when the runner-up takes it, as after a close. */
  taken: (bidder: string | null, amount: number) =>
    `${bidder ?? 'A member'} took the second chance on your auction with ${amount} tokens. Accept to connect.`,
  notAvailable: 'This second chance is no longer available.',
} as const;
