import type { AuctionResult } from '@bidboard/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { ResultsPage } from './results-page';

const offered: AuctionResult = {
  auctionId: 7,
  ownerId: 2,
  ownerUsername: 'maya',
  closedAt: '2025-06-05T20:00:00.000Z',
  won: false,
  finalPrice: 150,
  highestBid: 90,
  rank: 2,
  bidderCount: 3,
  decidedBy: 'bid',
  refunded: null,
  secondChance: { amount: 90, expiresAt: '2025-06-07T20:00:00.000Z', status: 'offered' },
};

function setup(take: () => [number, unknown]) {
  localStorage.setItem('authToken', 'tok');
  let result = offered;
  const api = mockFetch({
    'GET /api/auth/me': () => [200, { user: buildUser({ tokenBalance: 500 }) }],
    'GET /api/auctions/results': () => [200, { success: true, results: [result] }],
    'POST /api/auctions/7/second-chance': () => {
      const reply = take();
      if (reply[0] === 200)
        result = { ...offered, secondChance: { ...offered.secondChance!, status: 'taken' } };
      return reply;
    },
  });
  renderWithProviders(<ResultsPage />);
  return api;
}

describe("'Your results': the runner-up's second chance", () => {
  it("offers the connection at the member's highest bid and takes it", async () => {
    const api = setup(() => [200, { success: true, connectionId: 41, tokenBalance: 410 }]);
    const card = (await screen.findByText('Second chance')).closest('li')!;
    expect(
      within(card).getByText(
        /maya's connection is open again: it is yours at your highest bid of 90 tokens\./,
      ),
    ).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Take the second chance' }));
    expect(
      await screen.findByText('You took the second chance. Waiting for maya to accept.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/auctions/7/second-chance')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Take the second chance' })).toBeNull();
  });

  it('says Insufficient tokens when the tokens are gone, and the offer stays', async () => {
    setup(() => [
      400,
      { success: false, code: 'INSUFFICIENT_TOKENS', message: 'Insufficient tokens' },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Take the second chance' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient tokens');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Take the second chance' })).toBeTruthy(),
    );
  });
});

describe("'Your results' in Canadian French", () => {
  it('says the card, its facts and the second chance in French', async () => {
    await act(() => setLanguage('fr-CA'));
    try {
      setup(() => [200, { success: true, connectionId: 41, tokenBalance: 410 }]);
      expect(await screen.findByRole('heading', { name: 'Vos résultats' })).toBeTruthy();
      const card = (await screen.findByText('Deuxième chance')).closest('li')!;
      expect(within(card).getByText('Non remportée')).toBeTruthy();
      expect(
        within(card).getByText(
          'L’enchère de maya s’est terminée à 150 jetons; vous ne l’avez pas remportée.',
        ),
      ).toBeTruthy();
      expect(within(card).getByText('Prix final')).toBeTruthy();
      expect(within(card).getByText('Votre mise la plus élevée')).toBeTruthy();
      expect(within(card).getByText('2 sur 3')).toBeTruthy();
      expect(within(card).getByText('La mise la plus élevée l’a emporté.')).toBeTruthy();
      expect(
        within(card).getByText(
          /La connexion de maya est de nouveau ouverte : elle est à vous à votre mise la plus élevée de 90 jetons\. Prenez-la avant /,
        ),
      ).toBeTruthy();
      await userEvent.click(
        within(card).getByRole('button', { name: 'Prendre la deuxième chance' }),
      );
      expect(
        await screen.findByText(
          'Vous avez pris la deuxième chance. En attente de l’acceptation de maya.',
        ),
      ).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
