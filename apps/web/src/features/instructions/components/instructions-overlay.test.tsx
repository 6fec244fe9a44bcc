import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { InstructionsOverlay } from './instructions-overlay';

function render(multiplier: number) {
  mockFetch({
    'GET /api/config/token-redemption-multiplier': () => [
      200,
      { token_redemption_multiplier: multiplier },
    ],
  });
  renderWithProviders(
    <MemoryRouter>
      <InstructionsOverlay open onOpenChange={() => undefined} isVisitor />
    </MemoryRouter>,
  );
}

describe('How It Works', () => {
  it('explains the product in the spec’s words, naming the multiplier in effect', async () => {
    render(5);
    expect(await screen.findByRole('dialog', { name: 'How It Works' })).toBeTruthy();
    expect(screen.getByText('Outbid your rivals for the hottest connections')).toBeTruthy();
    expect(
      await screen.findByText(
        'Earn tokens for chatting with your winning bidder. Redeem tokens for cash with a 5X multiplier (limited time).',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Claim free tokens daily. When a friend joins with your invite, you both get 250 tokens.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Members must be 18 or older.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join / Sign In' }).getAttribute('href')).toBe('/auth');
  });
});

describe('How It Works in Canadian French', () => {
  it('explains the product in French, with Quebec time and typography', async () => {
    await act(() => setLanguage('fr-CA'));
    try {
      render(1);
      expect(await screen.findByRole('dialog', { name: 'Comment ça marche' })).toBeTruthy();
      expect(
        screen.getByText('Surenchérissez sur vos rivaux pour les connexions les plus convoitées'),
      ).toBeTruthy();
      expect(screen.getByText(/Les mises ferment le jeudi à 20 h \(HE\)\./)).toBeTruthy();
      expect(
        await screen.findByText(
          'Gagnez des jetons en clavardant avec la personne qui a remporté votre enchère. Échangez vos jetons gagnés contre de l’argent.',
        ),
      ).toBeTruthy();
      expect(screen.getByText(/vous recevez chacun 250 jetons\./)).toBeTruthy();
      // Non-breaking spaces kept, so '18 ans' and 'Étape 1 :' never break across lines.
      const exact = { normalizer: (text: string) => text };
      expect(
        screen.getByText('Les membres doivent avoir 18\u00a0ans ou plus.', exact),
      ).toBeTruthy();
      expect(screen.getByText('Étape 1\u00a0:', exact)).toBeTruthy();
      expect(
        screen.getByRole('heading', { name: /^Étape 1\s:\sMisez sur des profils$/u }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Adhérer / Se connecter' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
