// The privacy policy's payee records section (issue 43): what the payee profile holds and
// how long a deleted member's is kept, the tax law's years, in both languages.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage, textsReady } from '@/lib/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

function policyRoutes() {
  return mockFetch({
    'GET /api/biometric-policy': () => [
      200,
      { version: '2026-12-02', retention_days: 365, video_retention_days: 30 },
    ],
    'GET /api/auth/me': () => [401, { message: 'Not authenticated', code: 'UNAUTHENTICATED' }],
  });
}

afterEach(async () => {
  await setLanguage('en');
});

describe('/policy, Payee records', () => {
  it('says what is kept after a deletion and for how long', async () => {
    policyRoutes();
    renderApp('/policy');
    expect(await screen.findByRole('heading', { name: 'Payee records' })).toBeTruthy();
    expect(screen.getByText(/only its last 4 digits are ever shown/)).toBeTruthy();
    expect(
      screen.getByText(
        /until 4 years after the end of the year of your last payout in the United States and 6 years in Canada/,
      ),
    ).toBeTruthy();
  });

  it('reads in Canadian French', async () => {
    await setLanguage('fr-CA');
    await textsReady({ later: true });
    policyRoutes();
    renderApp('/policy');
    expect(await screen.findByRole('heading', { name: 'Dossiers des bénéficiaires' })).toBeTruthy();
    expect(screen.getByText(/jusqu’à 4 ans après la fin de l’année/)).toBeTruthy();
  });
});
