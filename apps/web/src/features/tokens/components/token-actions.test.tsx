import type { Language } from '@bidboard/shared/i18n/languages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { TokenSummaryProbe } from './token-actions.probe';

function signedIn(claimed: boolean, claimDelayMs = 300, language: Language = 'en') {
  localStorage.setItem('authToken', 'tok-1');
  return mockFetch({
    'GET /api/auth/me': () => [200, { user: buildUser({ tokenBalance: 250, language }) }],
    'GET /api/checkTokens': () => [200, { claimed, message: '' }],
    'POST /api/claimTokens': () =>
      new Promise((resolve) =>
        setTimeout(
          () =>
            resolve([200, { success: true, message: 'Daily tokens claimed!', tokenBalance: 350 }]),
          claimDelayMs,
        ),
      ),
    'GET /api/transactions': () => [200, { success: true, transactions: [] }],
    'GET /api/config/minimum-redeemable-threshold': () => [404, { message: 'Not found' }],
  });
}

describe('menu token actions', () => {
  it('a double click on Daily Claim sends one claim and sets the returned balance', async () => {
    const api = signedIn(false);
    renderWithProviders(<TokenSummaryProbe />);
    const claim = await screen.findByRole('button', { name: 'Daily Claim' });
    fireEvent.click(claim);
    fireEvent.click(claim);
    await waitFor(() => expect((claim as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(claim);
    expect(await screen.findByRole('button', { name: 'BUY/REDEEM' })).toBeTruthy();
    expect(api.callsTo('POST /api/claimTokens')).toHaveLength(1);
    expect(screen.getByTestId('balance').textContent).toBe('350');
  });

  it('BUY/REDEEM opens the balance screen; history shows its empty state', async () => {
    signedIn(true);
    renderWithProviders(<TokenSummaryProbe />);
    fireEvent.click(await screen.findByRole('button', { name: 'BUY/REDEEM' }));
    expect(await screen.findByText('Available for bids')).toBeTruthy();
    expect(screen.getByText('Tokens earned from engaging with winning bidders.')).toBeTruthy();
    const purchase = screen.getByRole('button', { name: 'Purchase' }) as HTMLButtonElement;
    expect(purchase.disabled).toBe(false);
    const redeem = (await screen.findByRole('button', {
      name: '500 minimum',
    })) as HTMLButtonElement;
    expect(redeem.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Transaction History' }));
    expect(await screen.findByText('No transactions yet.')).toBeTruthy();
    expect(screen.getByText('Your token activity will appear here.')).toBeTruthy();
    // The scrolling list is reachable by keyboard, named for screen readers.
    const list = screen.getByRole('region', { name: 'Transaction History' });
    expect(list.tabIndex).toBe(0);
  });

  it('in French: the claim, the balance screen and the empty history', async () => {
    await setLanguage('fr-CA');
    signedIn(true, 300, 'fr-CA');
    renderWithProviders(<TokenSummaryProbe />);
    fireEvent.click(await screen.findByRole('button', { name: 'ACHETER/ÉCHANGER' }));
    expect(await screen.findByText('Disponibles pour miser')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Acheter' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Minimum de 500' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Historique des transactions' }));
    expect(await screen.findByText('Aucune transaction pour l’instant.')).toBeTruthy();
  });

  it('says Failed to fetch transactions when the ledger cannot load', async () => {
    signedIn(true);
    mockFetch({
      'GET /api/auth/me': () => [200, { user: buildUser() }],
      'GET /api/checkTokens': () => [200, { claimed: true, message: '' }],
      'GET /api/transactions': () => [500, { message: 'boom' }],
    });
    renderWithProviders(<TokenSummaryProbe />);
    fireEvent.click(await screen.findByRole('button', { name: 'BUY/REDEEM' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Transaction History' }));
    await waitFor(() => expect(screen.getByText('Failed to fetch transactions')).toBeTruthy());
  });
});
