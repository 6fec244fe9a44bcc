import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
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
