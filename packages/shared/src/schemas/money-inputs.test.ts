import { describe, expect, it } from 'vitest';
import { GRANT_MESSAGES } from '../rules/economy';
import { REDEMPTION_MESSAGES } from '../rules/redemption';
import { redeemTokensBody } from './redemptions';
import { adminTokenAdjustmentBody } from './tokens';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('money inputs say what is wrong in our words', () => {
  it.each([1.5, -1, 'ten', 100_000_001])('expected_cents %s', (value) => {
    const result = redeemTokensBody.safeParse({
      token_amount: 500,
      paypal_email: 'member@example.com',
      expected_cents: value,
    });
    expect(messages(result)).toEqual([REDEMPTION_MESSAGES.invalidExpected]);
  });

  it.each([1.5, -1, 'ten', 100_000_001])('cash_cents %s', (value) => {
    const result = adminTokenAdjustmentBody.safeParse({
      username: 'maya',
      amount: 100,
      redeemable: true,
      cash_cents: value,
      cash_reference: 'Bank transfer',
      reason: 'Paid by transfer',
    });
    expect(messages(result)).toContain(GRANT_MESSAGES.cashInvalid);
  });
});
