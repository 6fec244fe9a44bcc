// The legal pages (marketplace §2, issue 47) in English, the spec's words as they were, and in
// Canadian French: the document, its date line and the bar's names, nothing left in English.
// The tab's title is set by an effect, which may run just after the words are on screen.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage, textsReady } from '@/lib/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

function visitor() {
  return mockFetch({
    'GET /api/auth/me': () => [401, { message: 'Not authenticated', code: 'UNAUTHENTICATED' }],
    'GET /api/biometric-policy': () => [
      200,
      { version: '2026-12-02', retention_days: 365, video_retention_days: 30 },
    ],
    'GET /api/payee-record-policy': () => [200, { retention_years: { US: 4, CA: 6 } }],
    'GET /api/privacy-policy': () => [200, { privacy_officer: 'privacy@bidboard.example' }],
  });
}

async function inFrench() {
  await setLanguage('fr-CA');
  await textsReady({ later: true });
}

afterEach(async () => {
  await setLanguage('en');
});

describe('/terms', () => {
  it('reads in English as written', async () => {
    visitor();
    renderApp('/terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeTruthy();
    expect(screen.getByText('Effective March 27, 2025 · Bidboard Labs LLC')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '11. Governing law' })).toBeTruthy();
    expect(
      screen.getByText(/governed by the laws of the State of New Jersey, without regard/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bidboard home' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Terms and Conditions · Bidboard'));
  });

  it('reads in Canadian French', async () => {
    await inFrench();
    visitor();
    renderApp('/terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conditions d’utilisation' }),
    ).toBeTruthy();
    expect(screen.getByText('En vigueur le 27 mars 2025 · Bidboard Labs LLC')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '11. Droit applicable' })).toBeTruthy();
    expect(screen.getByText(/régies par les lois de l’État du New Jersey/)).toBeTruthy();
    expect(
      screen.getByText(/Vous devez avoir au moins 18 ans pour utiliser Bidboard\./),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Accueil de Bidboard' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Conditions d’utilisation · Bidboard'));
    expect(screen.queryByText(/\b(the|you|your|and)\b/)).toBeNull();
  });
});

describe('/policy', () => {
  it('reads in English as written', async () => {
    visitor();
    renderApp('/policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText('Effective March 27, 2025 · Bidboard Labs LLC')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '6. Retention' })).toBeTruthy();
    expect(screen.getByText('the PayPal email you give us when you redeem tokens.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Privacy Policy · Bidboard'));
  });

  it("reads in Canadian French, the other features' sections after its own", async () => {
    await inFrench();
    visitor();
    renderApp('/policy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' }),
    ).toBeTruthy();
    expect(screen.getByText('En vigueur le 27 mars 2025 · Bidboard Labs LLC')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '6. Conservation' })).toBeTruthy();
    expect(
      screen.getByText(
        'l’adresse courriel PayPal que vous nous donnez lorsque vous échangez des jetons.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/réservé aux personnes de 18 ans ou plus\./)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Emplacement et distance' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Politique de confidentialité · Bidboard'));
    expect(screen.queryByText(/\b(the|you|your|and)\b/)).toBeNull();
  });
});
