import { describe, expect, it } from 'vitest';
import { earnedSplitText, rewardSplitText } from './economy';

describe('economy words', () => {
  it('says how many of a reward are redeemable for cash', () => {
    expect(rewardSplitText(600, 600)).toBe('All 600 tokens are redeemable for cash.');
    expect(rewardSplitText(7000, 0)).toBe(
      'None of the 7,000 tokens are redeemable for cash: they were free tokens, and stay yours for bidding.',
    );
    expect(rewardSplitText(600, 300)).toBe(
      '300 of the 600 tokens are redeemable for cash; the other 300 were free tokens and stay yours for bidding.',
    );
    expect(earnedSplitText(1200, 800)).toMatch(
      /^You earned 1,200 tokens from winning bidders; 800 of them/,
    );
  });
});
