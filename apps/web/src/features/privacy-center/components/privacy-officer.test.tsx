// The privacy officer (issue 42): the privacy policy and the Privacy Center name the contact
// the server is configured with (PRIVACY_OFFICER_CONTACT), in English and Canadian French.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage, textsReady } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const officer = 'Jeanne Roy, dpo@operator.example';

function routes(signedIn: boolean) {
  if (signedIn) localStorage.setItem('authToken', 'tok');
  return mockFetch({
    'GET /api/privacy-policy': () => [200, { privacy_officer: officer }],
    'GET /api/privacy': () => [200, { limit_sensitive: false, gpc_seen_at: null, requests: [] }],
    'GET /api/auth/me': () =>
      signedIn
        ? [200, { user: buildUser() }]
        : [401, { message: 'Not authenticated', code: 'UNAUTHENTICATED' }],
  });
}

afterEach(async () => {
  localStorage.clear();
  await setLanguage('en');
});

describe('the privacy officer', () => {
  it('is named in the privacy policy', async () => {
    routes(false);
    renderApp('/policy');
    expect(await screen.findByRole('heading', { name: 'Privacy officer' })).toBeTruthy();
    expect(
      await screen.findByText(new RegExp(`go to our privacy officer: ${officer}`)),
    ).toBeTruthy();
  });

  it('is named in the Privacy Center', async () => {
    routes(true);
    renderApp('/privacy-center');
    expect(
      await screen.findByText(new RegExp(`go to our privacy officer: ${officer}`)),
    ).toBeTruthy();
  });

  it('reads in Canadian French', async () => {
    await setLanguage('fr-CA');
    await textsReady({ later: true });
    routes(false);
    renderApp('/policy');
    expect(
      await screen.findByRole('heading', {
        name: 'Responsable de la protection des renseignements personnels',
      }),
    ).toBeTruthy();
    expect(await screen.findByText(new RegExp(`: ${officer}\\.`))).toBeTruthy();
  });
});
