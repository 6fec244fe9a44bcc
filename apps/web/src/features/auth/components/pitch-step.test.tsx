import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { PitchStep } from './pitch-step';

function multiplierIs(value: number) {
  mockFetch({
    'GET /api/config/token-redemption-multiplier': () => [
      200,
      { token_redemption_multiplier: value },
    ],
  });
}

describe('sign-in pitch (product rules: Copy)', () => {
  it('names the 5X multiplier while the campaign runs', async () => {
    multiplierIs(5);
    renderWithProviders(<PitchStep onStart={vi.fn()} />);
    expect(
      await screen.findByText('Redeem tokens for cash with a 5X multiplier (limited time).'),
    ).toBeTruthy();
    expect(screen.getByText('Claim free tokens daily.')).toBeTruthy();
  });

  it('says plainly that earned tokens are redeemable at 1X', async () => {
    multiplierIs(1);
    renderWithProviders(<PitchStep onStart={vi.fn()} />);
    expect(await screen.findByText('Redeem earned tokens for cash.')).toBeTruthy();
    expect(screen.queryByText(/multiplier/)).toBeNull();
  });
});
