import { describe, expect, it } from 'vitest';
import {
  clampRedeemAmount,
  redemptionPayoutCents,
  validatePaypalEmail,
  validateRedeemAmount,
} from './redemption';

describe('redemption rules', () => {
  it('checks the amount in the order of §5', () => {
    const limits = { minimum: 500, redeemable: 800 };
    expect(validateRedeemAmount(0, limits)).toEqual({
      ok: false,
      message: 'Please enter a valid token amount',
    });
    expect(validateRedeemAmount(1.5, limits).ok).toBe(false);
    expect(validateRedeemAmount(499, limits)).toEqual({
      ok: false,
      message: 'Minimum redemption amount is 500 tokens',
    });
    expect(validateRedeemAmount(810, limits)).toEqual({
      ok: false,
      message: 'Insufficient redeemable tokens',
    });
    expect(validateRedeemAmount(800, limits)).toEqual({ ok: true, value: 800 });
  });

  it('wants an email with @', () => {
    for (const bad of ['', '  ', 'me.example.com', 'me@', '@example.com']) {
      expect(validatePaypalEmail(bad)).toEqual({
        ok: false,
        message: 'Please enter a valid PayPal email address',
      });
    }
    expect(validatePaypalEmail(' me@example.com ')).toEqual({ ok: true, value: 'me@example.com' });
  });

  it('pays tokens x $0.01 x multiplier minus the fee, and clamps steps to the limits', () => {
    expect(redemptionPayoutCents(500, 1, 0)).toBe(500);
    expect(redemptionPayoutCents(600, 5, 25)).toBe(2975);
    expect(redemptionPayoutCents(500, 1, 600)).toBe(0);
    expect(redemptionPayoutCents(333, 1.5, 0)).toBe(500);
    expect(clampRedeemAmount(490, { minimum: 500, redeemable: 800 })).toBe(500);
    expect(clampRedeemAmount(810, { minimum: 500, redeemable: 800 })).toBe(800);
    expect(clampRedeemAmount(200, { minimum: 500, redeemable: 300 })).toBe(300);
  });
});
