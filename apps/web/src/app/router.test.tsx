import { MESSAGES } from '@bidboard/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

function signedInAs(overrides: Parameters<typeof buildUser>[0] = {}) {
  localStorage.setItem('authToken', 'tok');
  return mockFetch({
    'GET /api/auth/me': () => [200, { user: buildUser(overrides) }],
    'POST /api/auth/logout': () => [200, { success: true, message: 'Logged out' }],
    'POST /api/auth/check-referral': () => [200, { success: true, referrer_id: 4, message: 'ok' }],
  });
}

const path = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('access guard', () => {
  it('sends a visitor on /connections to /auth, replacing the history entry', async () => {
    mockFetch({});
    const { router } = renderApp('/connections');
    await waitFor(() => expect(path(router)).toBe('/auth'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('button', { name: 'Join / Sign In' })).toBeTruthy();
  });

  it('shows nothing on a guarded route while the session is loading', () => {
    localStorage.setItem('authToken', 'tok');
    mockFetch({ 'GET /api/auth/me': () => new Promise(() => undefined) });
    const { router, container } = renderApp('/connections/12');
    expect(path(router)).toBe('/connections/12');
    expect(container.textContent).toBe('');
  });

  it('lets an onboarded member into /connections/{userId}', async () => {
    signedInAs();
    renderApp('/connections/12');
    expect(await screen.findByRole('heading', { name: 'Connections' })).toBeTruthy();
  });

  it('sends a visitor on /referral to /', async () => {
    mockFetch({});
    const { router } = renderApp('/referral');
    await waitFor(() => expect(path(router)).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Bid Board' })).toBeTruthy();
  });

  it('sends a visitor on /onboarding to /auth', async () => {
    mockFetch({});
    const { router } = renderApp('/onboarding');
    await waitFor(() => expect(path(router)).toBe('/auth'));
  });

  it.each(['/', '/connections', '/referral', '/dave'])(
    'sends a member who is still onboarding from %s to /onboarding',
    async (start) => {
      signedInAs({ onboarded: 6 });
      const { router } = renderApp(start);
      await waitFor(() => expect(path(router)).toBe('/onboarding'));
      // Stored step 6 of a member here for dating: who they would like to meet.
      expect(
        await screen.findByRole('heading', { name: 'Who would you like to meet?' }),
      ).toBeTruthy();
    },
  );

  it('sends a finished member from /onboarding to /referral', async () => {
    signedInAs({ onboarded: 14 });
    const { router } = renderApp('/onboarding');
    await waitFor(() => expect(path(router)).toBe('/referral'));
  });
});

describe('referral links and /auth', () => {
  it('turns /{username} into a saved referral and /auth?username= for a visitor', async () => {
    mockFetch({
      'POST /api/auth/check-referral': () => [
        200,
        { success: true, referrer_id: 4, message: 'ok' },
      ],
    });
    const { router } = renderApp('/dave');
    await waitFor(() => expect(path(router)).toBe('/auth?username=dave'));
    expect(localStorage.getItem('referralUsername')).toBe('dave');
  });

  it.each([false, true])(
    'sends /{username} that names no member to / (signed in: %s), saving no referral',
    async (member) => {
      if (member) localStorage.setItem('authToken', 'tok');
      mockFetch({
        'GET /api/auth/me': () => [200, { user: buildUser() }],
        'POST /api/auth/check-referral': () => [404, { message: MESSAGES.invalidReferral }],
      });
      const { router } = renderApp('/ghost');
      await waitFor(() => expect(path(router)).toBe('/'));
      expect(localStorage.getItem('referralUsername')).toBeNull();
    },
  );

  it('lets a member open the board of someone with no invites left', async () => {
    signedInAs();
    mockFetch({
      'GET /api/auth/me': () => [200, { user: buildUser() }],
      'POST /api/auth/check-referral': () => [409, { message: MESSAGES.noInvitesLeft }],
    });
    const { router } = renderApp('/popular');
    expect(await screen.findByRole('heading', { name: 'Bid Board' })).toBeTruthy();
    expect(path(router)).toBe('/popular');
  });

  it('clears a stored referral the server rejects with 404', async () => {
    localStorage.setItem('referralUsername', 'ghost');
    const api = mockFetch({
      'POST /api/auth/check-referral': () => [404, { message: MESSAGES.invalidReferral }],
    });
    renderApp('/auth');
    await waitFor(() => expect(localStorage.getItem('referralUsername')).toBeNull());
    expect(api.callsTo('POST /api/auth/check-referral')[0]?.body).toEqual({ username: 'ghost' });
  });

  it('redirects a signed-in member away from /auth to /{username}', async () => {
    signedInAs();
    const { router } = renderApp('/auth?username=erin');
    await waitFor(() => expect(path(router)).toBe('/erin'));
  });
});

describe('logout', () => {
  it('shows "Logging out...", clears local auth items and goes to /', async () => {
    const api = signedInAs();
    localStorage.setItem('referralUsername', 'bob');
    const { router } = renderApp('/logout');
    expect(await screen.findByText('Logging out...')).toBeTruthy();
    await waitFor(() => expect(path(router)).toBe('/'));
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('referralUsername')).toBeNull();
  });

  it('still signs out locally when the server logout fails', async () => {
    localStorage.setItem('authToken', 'tok');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({ 'POST /api/auth/logout': () => [500, {}] });
    const { router } = renderApp('/logout');
    await waitFor(() => expect(path(router)).toBe('/'));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(warn).toHaveBeenCalledWith(MESSAGES.logoutFailed, expect.anything());
  });
});

describe('404', () => {
  it('shows Page Not Found with links to the homepage and /auctions', async () => {
    mockFetch({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(
      screen.getByText("The page you are looking for doesn't exist or has been moved."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to homepage' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'View auctions' }).getAttribute('href')).toBe(
      '/auctions',
    );
  });
});

describe('404 in Canadian French', () => {
  it('says the page is not found in French, with the same links', async () => {
    await act(() => setLanguage('fr-CA'));
    try {
      mockFetch({});
      renderApp('/no/such/page');
      expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeTruthy();
      expect(
        screen.getByText('La page que vous cherchez n’existe pas ou a été déplacée.'),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Aller à l’accueil' }).getAttribute('href')).toBe(
        '/',
      );
      expect(screen.getByRole('link', { name: 'Voir les enchères' }).getAttribute('href')).toBe(
        '/auctions',
      );
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});

describe('main menu', () => {
  it('shows visitor links and opens How It Works', async () => {
    mockFetch({});
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const labels = [...menu.querySelectorAll('.menu-item')].map((el) => el.textContent);
    expect(labels).toEqual([
      'Bid Board',
      'How It Works',
      'Notification Settings',
      'Join / Sign In',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'How It Works' }));
    expect(await screen.findByText('Outbid your rivals for the hottest connections')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join / Sign In' }).getAttribute('href')).toBe('/auth');
  });

  it('shows member links and the token balance', async () => {
    signedInAs({ tokenBalance: 1250, redeemableTokens: 300 });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const labels = [...menu.querySelectorAll('.menu-item')].map((el) => el.textContent);
    expect(labels).toEqual([
      'Bid Board',
      'Connections',
      'Your results',
      'Chat',
      'Alerts',
      'Profile Settings',
      'How It Works',
      'Notification Settings',
      'Privacy Center',
      'Refer Friends',
      'Log Out',
    ]);
    expect(menu.textContent).toContain('1,250');
    expect(menu.textContent).toContain('300 redeemable for cash');
  });
});
