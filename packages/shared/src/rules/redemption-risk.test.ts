import { describe, expect, it } from 'vitest';
import {
  describeRedemptionRisk,
  isRedemptionHeld,
  REDEMPTION_RISK_SIGNALS,
  REDEMPTION_RISK_WEIGHTS,
  type RedemptionRiskFacts,
  redemptionRiskScore,
} from './redemption-risk';

const everything: Required<RedemptionRiskFacts> = {
  reciprocal_bidding: { members: ['adam', 'eve'] },
  shared_sign_in: {
    members: [
      { member: 'adam', ip: true, device: true },
      { member: 'eve', ip: false, device: true },
    ],
  },
  referral_relation: {
    members: [
      { member: 'adam', how: 'referred_by' },
      { member: 'eve', how: 'same_referrer' },
    ],
  },
  thin_engagement: {
    connections: [{ member: 'adam', their_messages: 2, your_messages: 1, minutes: 0 }],
  },
  new_account: { members: [{ member: 'bella', days: 1 }] },
  over_member_cap: { redeemed_cents: 30_050, cap_cents: 25_000 },
  fresh_pair: { members: ['adam'] },
  reversed_payment: {
    payments: [
      { member: 'adam', reason: 'chargeback' },
      { member: 'bella', reason: 'refund' },
    ],
  },
  duplicate_face: { members: [{ member: 'adam', duplicate_of: 'carol' }] },
  shared_card: { members: ['eve'] },
};

describe('the redemption risk review', () => {
  it('scores the sum of the raised signals’ weights, and holds at the threshold or above', () => {
    expect(redemptionRiskScore({})).toBe(0);
    expect(redemptionRiskScore(everything)).toBe(
      REDEMPTION_RISK_SIGNALS.reduce((sum, s) => sum + REDEMPTION_RISK_WEIGHTS[s], 0),
    );
    expect(redemptionRiskScore({ new_account: everything.new_account })).toBe(10);
    expect(isRedemptionHeld(34, 35)).toBe(false);
    expect(isRedemptionHeld(35, 35)).toBe(true);
    expect(isRedemptionHeld(36, 35)).toBe(true);
  });

  it('holds a fresh pair whatever the score and the threshold', () => {
    const fresh = { fresh_pair: { members: ['adam'] } };
    expect(isRedemptionHeld(redemptionRiskScore(fresh), 1000, fresh)).toBe(true);
    expect(isRedemptionHeld(0, 1000, {})).toBe(false);
  });

  it('lets each sign of one person on both sides hold alone at the default threshold', () => {
    for (const signal of [
      'over_member_cap',
      'fresh_pair',
      'duplicate_face',
      'shared_card',
    ] as const)
      expect(REDEMPTION_RISK_WEIGHTS[signal], signal).toBeGreaterThanOrEqual(35);
    for (const signal of [
      'reciprocal_bidding',
      'shared_sign_in',
      'referral_relation',
      'thin_engagement',
      'new_account',
      'reversed_payment',
    ] as const)
      expect(REDEMPTION_RISK_WEIGHTS[signal], signal).toBeLessThan(35);
  });

  it('says every signal in plain words, in the rule’s order', () => {
    expect(describeRedemptionRisk(everything).map((l) => l.text)).toEqual([
      'Bid on each other with adam and eve, who paid the tokens being cashed out.',
      'Signed in from the same IP address and device as adam and the same device as eve in the last 30 days.',
      'Referral link: was referred by adam and shares a referrer with eve.',
      'Thin engagement with adam (1 message from the redeemer and 2 back, all within a minute).',
      'New account: bella joined 1 day ago.',
      'Over the 30-day cap: $300.50 asked for in 30 days with this one (cap $250.00).',
      'Fresh pair: the redeemer and adam are both new accounts with thin engagement (always held).',
      "Reversed card payment: a chargeback on adam's card and a refund to bella.",
      'Likely duplicate face: adam looks like carol.',
      'Paid with the same card as eve, who paid the tokens being cashed out.',
    ]);
    expect(describeRedemptionRisk({})).toEqual([]);
  });
});
