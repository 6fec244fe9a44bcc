// The public biometric retention policy (issue 42) states the server's periods, in both
// languages, and the privacy policy and the consent screen link to it.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage, textsReady } from '@/lib/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

function policyRoutes(days = 200, videoDays = 14) {
  return mockFetch({
    'GET /api/biometric-policy': () => [
      200,
      { version: '2026-12-02', retention_days: days, video_retention_days: videoDays },
    ],
    'GET /api/auth/me': () => [401, { message: 'Not authenticated', code: 'UNAUTHENTICATED' }],
  });
}

describe('/policy/biometric', () => {
  it('states the periods the server enforces, public', async () => {
    policyRoutes();
    renderApp('/policy/biometric');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Biometric Data Retention Policy' }),
    ).toBeTruthy();
    expect(screen.getByText('at the latest 200 days after their last sign-in.')).toBeTruthy();
    expect(screen.getByText(/deleted 14 days after its review is decided/)).toBeTruthy();
    expect(screen.getByText(/at once when they withdraw their consent/)).toBeTruthy();
    expect(screen.getByText(/at once when they delete their account/)).toBeTruthy();
    expect(screen.getByText('Version 2026-12-02')).toBeTruthy();
  });

  it('reads in Canadian French', async () => {
    await setLanguage('fr-CA');
    await textsReady({ later: true });
    policyRoutes(365, 30);
    renderApp('/policy/biometric');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Politique de conservation des données biométriques',
      }),
    ).toBeTruthy();
    expect(screen.getByText('au plus tard 365 jours après sa dernière connexion.')).toBeTruthy();
  });

  it('is linked from the privacy policy, whose section gives the same periods', async () => {
    policyRoutes(365, 30);
    const { router } = renderApp('/policy');
    expect(await screen.findByRole('heading', { name: 'Biometric data' })).toBeTruthy();
    expect(await screen.findByText(/at the latest 365 days after your last sign-in/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Biometric Data Retention Policy' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/policy/biometric'));
  });
});
