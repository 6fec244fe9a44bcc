// The biometric consent screen (issue 42) in both languages: what is measured, why, who
// sees it, how long (the server's numbers) and how to withdraw, then an explicit choice
// sent with the version read; and the Profile Settings withdrawal.
import { BIOMETRIC_CONSENT_VERSION, type BiometricConsentState } from '@bidboard/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage, textsReady } from '@/lib/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import en from '../locales/en.json';
import fr from '../locales/fr-CA.json';
import { BiometricConsentScreen } from './consent-screen';
import { BiometricConsentSetting } from './consent-setting';

const state = (over: Partial<BiometricConsentState> = {}): BiometricConsentState => ({
  decision: null,
  version: null,
  decided_at: null,
  current_version: BIOMETRIC_CONSENT_VERSION,
  retention_days: 365,
  video_retention_days: 30,
  face_descriptions: 0,
  ...over,
});

function routes(initial = state()) {
  return mockFetch({
    'GET /api/biometric-consent': () => [200, initial],
    'POST /api/biometric-consent': (call) => [
      200,
      state({
        decision: (call.body as { decision: 'agreed' | 'declined' }).decision,
        version: BIOMETRIC_CONSENT_VERSION,
        decided_at: '2026-12-02T02:00:00.000Z',
      }),
    ],
    'POST /api/biometric-consent/withdraw': () => [
      200,
      state({ decision: 'withdrawn', version: BIOMETRIC_CONSENT_VERSION }),
    ],
  });
}

describe('BiometricConsentScreen', () => {
  it('says what, why, who, how long and how to withdraw, then sends the agreement with its version', async () => {
    const { callsTo } = routes();
    const onDecided = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <BiometricConsentScreen onDecided={onDecided} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: en['screen.title'] })).toBeTruthy();
    for (const key of [
      'screen.whatTitle',
      'screen.whyTitle',
      'screen.whoTitle',
      'screen.howLongTitle',
      'screen.withdrawTitle',
      'screen.declineTitle',
    ] as const) {
      expect(screen.getByText(en[key])).toBeTruthy();
    }
    expect(screen.getByText(en['screen.what'])).toBeTruthy();
    expect(screen.getByText(/at most 365 days after your last sign-in/)).toBeTruthy();
    expect(screen.getByText(/deleted 30 days after its review is decided/)).toBeTruthy();
    expect(screen.getByRole('link', { name: en['screen.policyLink'] }).getAttribute('href')).toBe(
      '/policy/biometric',
    );
    expect(onDecided).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: en['screen.agree'] }));
    await waitFor(() => expect(onDecided).toHaveBeenCalledTimes(1));
    expect(callsTo('POST /api/biometric-consent')[0]!.body).toEqual({
      decision: 'agreed',
      version: BIOMETRIC_CONSENT_VERSION,
    });
  });

  it('lets the member go on without face matching', async () => {
    const { callsTo } = routes();
    const onDecided = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <BiometricConsentScreen onDecided={onDecided} />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: en['screen.continueWithout'] }));
    await waitFor(() => expect(onDecided).toHaveBeenCalledTimes(1));
    expect(callsTo('POST /api/biometric-consent')[0]!.body).toMatchObject({
      decision: 'declined',
    });
  });

  it('reads in Canadian French, with every key of the English catalogue', async () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    await setLanguage('fr-CA');
    await textsReady();
    routes();
    renderWithProviders(
      <MemoryRouter>
        <BiometricConsentScreen onDecided={vi.fn()} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: fr['screen.title'] })).toBeTruthy();
    expect(screen.getByText(/au plus 365 jours après votre dernière connexion/)).toBeTruthy();
    expect(screen.getByText(/supprimée 30 jours après la décision/)).toBeTruthy();
    expect(screen.getByRole('button', { name: fr['screen.agree'] })).toBeTruthy();
    expect(screen.getByRole('button', { name: fr['screen.continueWithout'] })).toBeTruthy();
  });
});

describe('BiometricConsentSetting', () => {
  it('withdraws consent after a confirmation', async () => {
    const { callsTo } = routes(
      state({
        decision: 'agreed',
        version: BIOMETRIC_CONSENT_VERSION,
        decided_at: '2026-12-01T15:00:00.000Z',
      }),
    );
    renderWithProviders(<BiometricConsentSetting />);
    expect(await screen.findByText(/^On since December 1, 2026\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en['setting.withdraw'] }));
    expect(callsTo('POST /api/biometric-consent/withdraw')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(en['setting.withdrawn'])).toBeTruthy();
    expect(screen.getByText(en['setting.off'])).toBeTruthy();
    expect(callsTo('POST /api/biometric-consent/withdraw')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: en['setting.withdraw'] })).toBeNull();
  });
});
