// Bidding limits and the exact messages of marketplace §5 Bid and §9 (no zod: the web
// imports these at run time without the schema library).
/** Bid step, minimum raise and the 5 digit boxes (marketplace §9). */
export const BID_STEP = 10;
export const MAX_BID = 99_999;
export const AUCTIONS_PAGE_SIZE = 5;
export const SEARCH_MIN_CHARS = 3;
/** How often the server broadcasts the countdown; clients fall back after 15 s. */
export const COUNTDOWN_SYNC_MS = 5000;
export const CLOSE_TIME_ZONE = 'America/New_York';

/** Maximum bids on the bidding slide (product rules, Auctions beyond a plain high bid). */
export const MAXIMUM_BID_TEXT = {
  plain: 'Plain bid',
  maximum: 'Set a maximum',
  hint: 'We bid for you, 10 above anyone else, up to your maximum. All of it is held; what is not used comes back.',
  submit: 'Set Maximum',
  yours: (maximum: number) =>
    `Your maximum: ${maximum.toLocaleString('en-US')} tokens (only you see it)`,
} as const;

/** The hidden reserve (product rules, Auctions beyond a plain high bid). */
export const RESERVE_TEXT = {
  label: 'Hidden reserve',
  hint: 'No connection is made below this many tokens; bidders only see whether it is met. Applies from the next period. 0 means none.',
  invalid: `Enter a whole number of tokens from 0 to ${MAX_BID.toLocaleString('en-US')}.`,
  met: 'Reserve met',
  notMet: 'Reserve not met',
} as const;

/** The Profile Settings entry: digits only, 0 to MAX_BID; empty means none. */
export function parseReservePrice(
  raw: string,
): { ok: true; value: number } | { ok: false; message: string } {
  const text = raw.trim().replace(/,/g, '');
  if (text === '') return { ok: true, value: 0 };
  if (!/^\d{1,5}$/.test(text)) return { ok: false, message: RESERVE_TEXT.invalid };
  const value = Number(text);
  return value <= MAX_BID ? { ok: true, value } : { ok: false, message: RESERVE_TEXT.invalid };
}

export const AUCTION_MESSAGES = {
  auctionNotFound: 'Auction not found',
  periodNotFound: 'No auction period is open',
  biddingClosed: 'Bidding has closed for this auction.',
  ownAuction: 'You cannot bid on your own auction.',
  notApproved: 'Your account is pending approval.',
  notOnboarded: 'Please finish onboarding before bidding.',
  bidTooLow: (minimum: number) => `Your bid must be at least ${minimum} tokens.`,
  maximumNotRaised: (maximum: number) =>
    `Your maximum is already ${maximum.toLocaleString('en-US')} tokens: set a higher one to raise it.`,
  bidTooHigh: `The maximum bid is ${MAX_BID.toLocaleString('en-US')} tokens.`,
  bidNotWhole: 'Bids are whole tokens.',
  bidderMismatch: 'You can only bid as yourself.',
  searchTooShort: `Search needs at least ${SEARCH_MIN_CHARS} characters.`,
  cannotCreateAuction: 'Only approved members who finished onboarding can have an auction.',
  notAvailableForBids:
    "You are not on the Bid Board: turn on 'Available for bids?' in your profile first.",
  auctionRemoved:
    'This profile was removed from the Bid Board. Any bid you held on it was refunded.',
} as const;
