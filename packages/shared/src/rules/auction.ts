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

export const AUCTION_MESSAGES = {
  auctionNotFound: 'Auction not found',
  periodNotFound: 'No auction period is open',
  biddingClosed: 'Bidding has closed for this auction.',
  ownAuction: 'You cannot bid on your own auction.',
  notApproved: 'Your account is pending approval.',
  notOnboarded: 'Please finish onboarding before bidding.',
  bidTooLow: (minimum: number) => `Your bid must be at least ${minimum} tokens.`,
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
