// The risk review of a redemption (product rules, The token economy must never pay out
// more cash than it takes in): the signals an operator reads, their weights, the score and
// the plain words of the payouts queue. The server computes the signals when a member asks
// to cash out; a score at or above the threshold setting holds the redemption for an admin,
// and a fresh pair (both accounts new, thin engagement) is held whatever the score.
// Members never see any of it.

export const REDEMPTION_RISK_SIGNALS = [
  'reciprocal_bidding',
  'shared_sign_in',
  'referral_relation',
  'thin_engagement',
  'new_account',
  'over_member_cap',
  'fresh_pair',
  'reversed_payment',
  'duplicate_face',
  'shared_card',
] as const;
export type RedemptionRiskSignal = (typeof REDEMPTION_RISK_SIGNALS)[number];

/**
 * What each raised signal adds to the score. With the default threshold (35) a signal of
 * behaviour alone holds nothing: friends who bid on each other once, or a family on one
 * home network, are not suspects; two signals together are for an admin. What alone says
 * one person on both sides holds by itself: over the 30-day cap, a face that looks like
 * another account's, one card paying on both sides, and a fresh pair (always held).
 */
export const REDEMPTION_RISK_WEIGHTS: Record<RedemptionRiskSignal, number> = {
  reciprocal_bidding: 25,
  shared_sign_in: 30,
  referral_relation: 20,
  thin_engagement: 15,
  new_account: 10,
  over_member_cap: 40,
  fresh_pair: 40,
  reversed_payment: 20,
  duplicate_face: 35,
  shared_card: 35,
};
export const DEFAULT_REDEMPTION_RISK_THRESHOLD = 35;
export const DEFAULT_REDEMPTION_MEMBER_30_DAY_CAP_CENTS = 25_000;

/** The review's look-back for sign-ins and the cap, and the account age and chat floors. */
export const RISK_SIGN_IN_DAYS = 30;
export const RISK_NEW_ACCOUNT_DAYS = 14;
export const RISK_THIN_MESSAGES = 2;
export const RISK_THIN_MINUTES = 10;

/** The facts behind each raised signal; a signal that is not raised is absent. */
export interface RedemptionRiskFacts {
  /** Members the redeemer earned redeemable tokens from and who also received their bids. */
  reciprocal_bidding?: { members: string[] };
  /** Members the redeemer earned from who signed in from the same IP or device. */
  shared_sign_in?: { members: { member: string; ip: boolean; device: boolean }[] };
  referral_relation?: {
    members: { member: string; how: 'referred_them' | 'referred_by' | 'same_referrer' }[];
  };
  /** Paid connections with 2 or fewer messages from each side, or under 10 minutes of chat. */
  thin_engagement?: {
    connections: {
      member: string;
      their_messages: number;
      your_messages: number;
      minutes: number;
    }[];
  };
  /** Accounts younger than 14 days: the redeemer, or a member they earned from. */
  new_account?: { members: { member: string; days: number }[] };
  over_member_cap?: { redeemed_cents: number; cap_cents: number };
  /**
   * Members who paid the redeemer where both accounts are younger than 14 days and their
   * chat is thin: two new accounts bidding on each other, held whatever the score.
   */
  fresh_pair?: { members: string[] };
  /** A card payment refunded or charged back, by the redeemer or a member who paid them. */
  reversed_payment?: { payments: { member: string; reason: 'refund' | 'chargeback' }[] };
  /** The redeemer or a member who paid them whose verification face looks like another account's. */
  duplicate_face?: { members: { member: string; duplicate_of: string }[] };
  /** Members who paid the redeemer with a card the redeemer also paid with. */
  shared_card?: { members: string[] };
}

export function redemptionRiskScore(facts: RedemptionRiskFacts): number {
  return REDEMPTION_RISK_SIGNALS.reduce(
    (score, signal) => score + (facts[signal] ? REDEMPTION_RISK_WEIGHTS[signal] : 0),
    0,
  );
}

/** Held for an admin when the score reaches the threshold, and a fresh pair always. */
export const isRedemptionHeld = (
  score: number,
  threshold: number,
  facts: RedemptionRiskFacts = {},
) => facts.fresh_pair !== undefined || score >= threshold;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const list = (names: string[]) =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Each raised signal in the words of the payouts queue, in the order of the rule. */
export function describeRedemptionRisk(
  facts: RedemptionRiskFacts,
): { signal: RedemptionRiskSignal; text: string }[] {
  const lines: { signal: RedemptionRiskSignal; text: string }[] = [];
  const add = (signal: RedemptionRiskSignal, text: string) => lines.push({ signal, text });
  if (facts.reciprocal_bidding) {
    add(
      'reciprocal_bidding',
      `Bid on each other with ${list(facts.reciprocal_bidding.members)}, who paid the tokens being cashed out.`,
    );
  }
  if (facts.shared_sign_in) {
    const parts = facts.shared_sign_in.members.map(({ member, ip, device }) => {
      const via = ip && device ? 'IP address and device' : ip ? 'IP address' : 'device';
      return `the same ${via} as ${member}`;
    });
    add('shared_sign_in', `Signed in from ${list(parts)} in the last ${RISK_SIGN_IN_DAYS} days.`);
  }
  if (facts.referral_relation) {
    const parts = facts.referral_relation.members.map(({ member, how }) =>
      how === 'referred_them'
        ? `referred ${member}`
        : how === 'referred_by'
          ? `was referred by ${member}`
          : `shares a referrer with ${member}`,
    );
    add('referral_relation', `Referral link: ${list(parts)}.`);
  }
  if (facts.thin_engagement) {
    const parts = facts.thin_engagement.connections.map(
      (c) =>
        `with ${c.member} (${plural(c.your_messages, 'message')} from the redeemer and ${c.their_messages} back, ${c.minutes < 1 ? 'all within a minute' : `over ${plural(c.minutes, 'minute')}`})`,
    );
    add('thin_engagement', `Thin engagement ${list(parts)}.`);
  }
  if (facts.new_account) {
    const parts = facts.new_account.members.map(
      ({ member, days }) =>
        `${member} joined ${days === 0 ? 'today' : `${plural(days, 'day')} ago`}`,
    );
    add('new_account', `New account: ${list(parts)}.`);
  }
  if (facts.over_member_cap) {
    const { redeemed_cents, cap_cents } = facts.over_member_cap;
    add(
      'over_member_cap',
      `Over the 30-day cap: ${dollars(redeemed_cents)} asked for in 30 days with this one (cap ${dollars(cap_cents)}).`,
    );
  }
  if (facts.fresh_pair) {
    add(
      'fresh_pair',
      `Fresh pair: the redeemer and ${list(facts.fresh_pair.members)} are both new accounts with thin engagement (always held).`,
    );
  }
  if (facts.reversed_payment) {
    const parts = facts.reversed_payment.payments.map(({ member, reason }) =>
      reason === 'chargeback' ? `a chargeback on ${member}'s card` : `a refund to ${member}`,
    );
    add('reversed_payment', `Reversed card payment: ${list(parts)}.`);
  }
  if (facts.duplicate_face) {
    const parts = facts.duplicate_face.members.map(
      ({ member, duplicate_of }) => `${member} looks like ${duplicate_of}`,
    );
    add('duplicate_face', `Likely duplicate face: ${list(parts)}.`);
  }
  if (facts.shared_card) {
    add(
      'shared_card',
      `Paid with the same card as ${list(facts.shared_card.members)}, who paid the tokens being cashed out.`,
    );
  }
  return lines;
}
