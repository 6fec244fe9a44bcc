// The privacy policy's payee records section (issue 43): what the payee profile holds and
// how long a deleted member's is kept: the years the server is configured with (never fewer
// than the tax law's), in both languages.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage, textsReady } from '@/lib/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

function policyRoutes(years = { US: 4, CA: 6 }) {
  return mockFetch({
    'GET /api/payee-record-policy': () => [200, { retention_years: years }],
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
  it('says what is kept after a deletion and for how long, as the server is configured', async () => {
    policyRoutes({ US: 7, CA: 9 });
    renderApp('/policy');
    expect(await screen.findByRole('heading', { name: 'Payee records' })).toBeTruthy();
    expect(screen.getByText(/only its last 4 digits are ever shown/)).toBeTruthy();
    expect(
      await screen.findByText(
        /until 7 years after the end of the year of your last payout in the United States and 9 years in Canada/,
      ),
    ).toBeTruthy();
  });

  it('reads in Canadian French', async () => {
    await setLanguage('fr-CA');
    await textsReady({ later: true });
    policyRoutes();
    renderApp('/policy');
    expect(await screen.findByRole('heading', { name: 'Dossiers des bénéficiaires' })).toBeTruthy();
    expect(await screen.findByText(/jusqu’à 4 ans après la fin de l’année/)).toBeTruthy();
  });
});
