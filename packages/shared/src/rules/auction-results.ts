// What every bidder learns after a close (product rules, Auctions beyond a plain high
// bid): won or not, the final price, their own highest bid and rank, how many bid, and
// what decided it. The close's alert and the 'Your results' view say it the same way.
import { fillText, NO_NAME } from './alerts';

/** The 'Your results' view; under /auctions so no username can take the path. */
export const RESULTS_PATH = '/auctions/results';
export const RESULTS_TITLE = 'Your results';

/**
 * What decided it: an ordinary bid, a maximum's automatic raise, or the hidden reserve
 * (not reached, or reached only by the leader's maximum, which set the price).
 */
export type AuctionDecider = 'bid' | 'maximum' | 'reserve';

export interface AuctionResultFacts {
  ownerUsername: string | null;
  won: boolean;
  /** The price of the connection; null when none was made. */
  finalPrice: number | null;
  highestBid: number;
  rank: number;
  bidderCount: number;
  decidedBy: AuctionDecider | null;
  /** What the bidder got back at the close (the leader below the reserve); else null. */
  refunded: number | null;
}

/**
 * The result's words as templates, filled here and, for the close's alerts, in SQL
 * (periods.repository.ts) with the same `{slot}`s.
 */
export const RESULT_TEMPLATES = {
  won: "You won {owner}'s auction at {price}.",
  closedWithout: "{owner}'s auction closed without a connection.",
  closedAt: "{owner}'s auction closed at {price}; you did not win.",
  standing: 'Your highest bid: {highest}, rank {rank} of {bidders}.',
  refund: 'Your {refunded} were refunded.',
  token: '{n} token',
  tokens: '{n} tokens',
  bidder: '{n} bidder',
  bidders: '{n} bidders',
} as const;

const tokens = (n: number) =>
  fillText(n === 1 ? RESULT_TEMPLATES.token : RESULT_TEMPLATES.tokens, {
    n: n.toLocaleString('en-US'),
  });

export const RESULT_MESSAGES = {
  empty: 'When an auction you bid on closes, its result appears here.',
  failedToFetch: 'Failed to fetch your results',
  decidedBy: {
    bid: 'The highest bid decided it.',
    maximum: 'A maximum bid decided it: its automatic raise set the final price.',
    reserve: "The owner's hidden reserve set the final price.",
    reserveNotMet: "The bids did not reach the owner's hidden reserve, so no connection was made.",
  } satisfies Record<AuctionDecider | 'reserveNotMet', string>,
} as const;

/** One line: who, won or not, and at what price. */
export function resultHeadline(r: AuctionResultFacts): string {
  const owner = r.ownerUsername ?? NO_NAME.member;
  if (r.won) {
    return fillText(RESULT_TEMPLATES.won, { owner, price: tokens(r.finalPrice ?? r.highestBid) });
  }
  if (r.finalPrice === null) return fillText(RESULT_TEMPLATES.closedWithout, { owner });
  return fillText(RESULT_TEMPLATES.closedAt, { owner, price: tokens(r.finalPrice) });
}

/** The bidder's own standing. */
export function resultStanding(r: AuctionResultFacts): string {
  return fillText(RESULT_TEMPLATES.standing, {
    highest: tokens(r.highestBid),
    rank: r.rank,
    bidders: fillText(r.bidderCount === 1 ? RESULT_TEMPLATES.bidder : RESULT_TEMPLATES.bidders, {
      n: r.bidderCount,
    }),
  });
}

/** What decided it, in words; null when nobody bid. */
export function resultDecidedBy(r: Pick<AuctionResultFacts, 'decidedBy' | 'finalPrice'>) {
  if (r.decidedBy === null) return null;
  if (r.decidedBy === 'reserve' && r.finalPrice === null) {
    return RESULT_MESSAGES.decidedBy.reserveNotMet;
  }
  return RESULT_MESSAGES.decidedBy[r.decidedBy];
}

/** The whole result as the alert says it. */
export function resultMessage(r: AuctionResultFacts): string {
  const words = resultDecidedBy(r);
  const decided = words ? ` ${words}` : '';
  const refund = r.refunded ? ` ${resultRefund(r.refunded)}` : '';
  return `${resultHeadline(r)} ${resultStanding(r)}${decided}${refund}`;
}

export function resultRefund(refunded: number): string {
  return fillText(RESULT_TEMPLATES.refund, { refunded: tokens(refunded) });
}
