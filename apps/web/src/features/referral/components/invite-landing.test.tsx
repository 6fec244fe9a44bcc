import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { InviteLanding } from './invite-landing';

afterEach(() => localStorage.clear());

describe('InviteLanding', () => {
  it('offers a visitor with a saved referral to claim a username', () => {
    localStorage.setItem('referralUsername', 'demo');
    renderWithProviders(
      <MemoryRouter>
        <InviteLanding />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Dating just went elite.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Claim Now' }).getAttribute('href')).toBe(
      '/auth?ref=demo',
    );
  });

  it('tells a visitor without one that entry is by invitation', () => {
    renderWithProviders(
      <MemoryRouter>
        <InviteLanding />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Elite Dating: Invite Required.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
  });
});

describe('InviteLanding in Canadian French', () => {
  it('invites in French, with the referrer’s name and Quebec typography', async () => {
    await act(() => setLanguage('fr-CA'));
    try {
      localStorage.setItem('referralUsername', 'demo');
      renderWithProviders(
        <MemoryRouter>
          <InviteLanding />
        </MemoryRouter>,
      );
      expect(
        screen.getByRole('heading', { name: 'Les rencontres passent en mode élite.' }),
      ).toBeTruthy();
      expect(screen.getByText('@demo vous a réservé une place.')).toBeTruthy();
      expect(
        screen.getByText('Invitez des amis\u00a0: vous recevez chacun des jetons.', {
          normalizer: (text) => text.trim(),
        }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Réserver maintenant' })).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('says entry is by invitation, in French', async () => {
    await act(() => setLanguage('fr-CA'));
    try {
      renderWithProviders(
        <MemoryRouter>
          <InviteLanding />
        </MemoryRouter>,
      );
      expect(
        screen.getByRole('heading', {
          name: /^Rencontres d’élite\s:\ssur invitation seulement\.$/u,
        }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/auth');
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
