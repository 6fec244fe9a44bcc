// Alert kinds, paging and the exact messages of marketplace §4 Alerts and §8 (no zod: the
// alerts bell and panel use them at run time without the schema library).
export const ALERT_KINDS = [
  'outbid',
  'auction_won',
  'connection_accepted',
  'connection_rejected',
  'winning_bidder_connection_pending',
  'connection_reward',
  'connection_pending_reminder',
  'connection_expired',
  'connection_mutual',
  'account_approved',
  'account_rejected',
  /** A moderator's warning after a report (issue 11); it never names the reporter. */
  'moderation_warning',
  /** After a close, to every bidder who did not win: how the auction ended for them. */
  'auction_result',
  /** The runner-up is offered a connection that ended without engagement. */
  'second_chance',
  /** Dates (issue 45): a plan proposed to the member, and the other's answer or cancellation. */
  'date_proposed',
  'date_answered',
  'date_cancelled',
  /** 'Are you OK?' a set time after the plan. */
  'date_check_in',
  /** The day after: did the date happen? */
  'date_did_you_meet',
  /** Issue 42: an account the member exchanged messages with was removed for fraud or scam. */
  'fraud_removal',
  /** To the owner with bid_notification on: someone bid on them (at most hourly per auction). */
  'bid_received',
] as const;

export const ALERTS_PAGE_SIZE = 50;
/** Opening the panel marks unread alerts read after this long (marketplace §9). */
export const ALERTS_MARK_READ_DELAY_MS = 2000;

/**
 * Issue 42 (product rules, Lawful to launch): what every member who exchanged messages with
 * an account in its last 30 days is told once it is removed for fraud or scam.
 */
export const FRAUD_ALERT_MESSAGES = {
  removed:
    'An account you exchanged messages with was removed for fraud or scam. Never send money, gift cards or codes to anyone you met on Bidboard. To report a member, open your chat with them and choose Block or report.',
} as const;

/** What a member is told when an admin decides on their account (issue 11). */
export const APPROVAL_ALERT_MESSAGES = {
  approved: 'Your account is approved. Your auction is on the Bid Board.',
  rejected: (reason: string) => `Your account was not approved: ${reason}`,
} as const;

export const ALERT_MESSAGES = {
  empty:
    "No alerts yet. You'll receive notifications when you're outbid or when important updates happen.",
  notFound: 'Alert not found',
  failedToFetch: 'Failed to fetch alerts',
  failedToDelete: 'Failed to delete alert',
  failedToMarkRead: 'Failed to mark unread alerts as read',
} as const;

/** Fills a template's `{slot}`s; a slot without a value stays as written. */
export function fillText(template: string, slots: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, slot: string) =>
    slot in slots ? String(slots[slot]) : whole,
  );
}

/** What stands for a member's name when they have none (a deleted account). */
export const NO_NAME = {
  member: 'a member',
  Member: 'A member',
  someone: 'Someone',
  auction: 'an auction',
} as const;

/**
 * The alerts SQL writes (a bid's outbid alert in place_bid, the close's alerts), as
 * templates: the SQL fills the same `{slot}`s with replace() (db/sql-text.ts,
 * db/routines.ts), so the words live here and only the values come from the row.
 */
export const ALERT_TEMPLATES = {
  outbid: '{bidder} outbid you on {owner} with {amount} tokens.',
  won: 'You won the auction for {owner} with {amount} tokens. Waiting for them to accept.',
  wonPending: '{bidder} won your auction with {amount} tokens. Accept to connect.',
} as const;

const count = (amount: number) => amount.toLocaleString('en-US');
const plainTokens = (amount: number) => `${count(amount)} tokens`;
/** The part of a reward the settlement hold keeps until the card payment is final. */
const heldClause = (pending: number) =>
  pending > 0
    ? `, ${count(pending)} of them once the bidder’s card payment can no longer be taken back`
    : '';

/** What the owner hears when someone bids on them (product rules, Bidding). */
export const OWNER_BID_ALERT_MESSAGES = {
  bid: (bidder: string | null, amount: number) =>
    `${bidder ?? NO_NAME.someone} bid on you: your auction is at ${plainTokens(amount)}.`,
} as const;

/** What a connection's change tells its two members (marketplace §3). */
export const CONNECTION_ALERT_MESSAGES = {
  accepted: (owner: string | null) =>
    `${owner ?? NO_NAME.Member} accepted your winning bid. You can chat now.`,
  declined: (owner: string | null, amount: number, hours: number) =>
    `${owner ?? NO_NAME.Member} declined your winning bid. Your ${plainTokens(amount)} come back to you unless they change their mind within ${hours} hour${hours === 1 ? '' : 's'}.`,
  reminder: (bidder: string | null, amount: number) =>
    `${bidder ?? NO_NAME.Member} is waiting for you to accept their winning bid of ${plainTokens(amount)}.`,
  unansweredToBidder: (owner: string | null, amount: number) =>
    `${owner ?? NO_NAME.Member} did not answer in time. Your ${plainTokens(amount)} were refunded.`,
  unansweredToOwner: (bidder: string | null) =>
    `${bidder ?? NO_NAME.Member}'s winning bid expired before you accepted it.`,
  unengagedToBidder: (owner: string | null, amount: number) =>
    `Your connection with ${owner ?? NO_NAME.Member} expired without a conversation. Your ${plainTokens(amount)} were refunded.`,
  unengagedToOwner: (bidder: string | null) =>
    `Your connection with ${bidder ?? NO_NAME.Member} expired without a conversation.`,
  mutual: (other: string | null) => `You and ${other ?? NO_NAME.Member} are talking. It's mutual!`,
  // A reward is only as redeemable as the bid's tokens were (product rules, The token
  // economy): free tokens stay free, and bought ones may wait out the settlement hold.
  reward: (bidder: string | null, amount: number, pending: number) =>
    `You earned ${plainTokens(amount)} for engaging with ${bidder ?? NO_NAME.Member}. They are redeemable for cash${heldClause(pending)}.`,
  rewardPart: (
    bidder: string | null,
    amount: number,
    cash: number,
    free: number,
    pending: number,
  ) =>
    `You earned ${plainTokens(amount)} for engaging with ${bidder ?? NO_NAME.Member}. ${count(cash)} of them are redeemable for cash${heldClause(pending)}; the other ${count(free)} were free tokens and stay yours for bidding.`,
  rewardFree: (bidder: string | null, amount: number) =>
    `You earned ${plainTokens(amount)} for engaging with ${bidder ?? NO_NAME.Member}. They were free tokens: they stay yours for bidding and are not redeemable for cash.`,
} as const;
