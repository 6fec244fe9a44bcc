import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeChat } from '@/features/chat';
import { setLanguage } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { MainMenu } from './main-menu';

// Profile Settings is tested in its own feature; here it only has to open.
vi.mock('@/features/settings', () => ({
  ProfileSettingsOverlay: ({ open }: { open: boolean }) =>
    open ? <div role="dialog" aria-label="Profile Settings" /> : null,
}));

function renderMenuAt(path: string, { onboarded = 14, unread = 0, signedIn = true } = {}) {
  if (signedIn) localStorage.setItem('authToken', 'tok');
  else localStorage.removeItem('authToken');
  mockFetch({
    'GET /api/auth/me': () => [200, { user: buildUser({ id: 7, onboarded }) }],
    'GET /api/alerts': () => [200, { success: true, alerts: [], unread: 0 }],
    'GET /api/checkTokens': () => [200, { claimed: true, message: '' }],
    'GET /api/chat/unread': () => [200, { success: true, unread }],
    'GET /api/chat/conversations': () => [
      200,
      { success: true, conversations: [], nextCursor: null },
    ],
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <MainMenu />
    </MemoryRouter>,
  );
}

afterEach(() => {
  act(() => closeChat());
  localStorage.removeItem('authToken');
});

describe('the phone bottom bar', () => {
  it('puts the Bid Board, Connections, Chat and Profile one tap away, marking where the member is', async () => {
    renderMenuAt('/connections/12');
    const bar = await screen.findByRole('navigation', { name: 'Places' }, { timeout: 10_000 });
    const board = within(bar).getByRole('link', { name: 'Bid Board' });
    const connections = within(bar).getByRole('link', { name: 'Connections' });
    expect(board.getAttribute('href')).toBe('/');
    expect(board.getAttribute('aria-current')).toBeNull();
    expect(connections.getAttribute('href')).toBe('/connections');
    expect(connections.getAttribute('aria-current')).toBe('page');
    expect(within(bar).getByRole('button', { name: 'Chat' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Profile' })).toBeTruthy();
    // The spec's menu stays.
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });

  it('marks the Bid Board on /', async () => {
    renderMenuAt('/');
    const bar = await screen.findByRole('navigation', { name: 'Places' }, { timeout: 10_000 });
    expect(within(bar).getByRole('link', { name: 'Bid Board' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      within(bar).getByRole('link', { name: 'Connections' }).getAttribute('aria-current'),
    ).toBeNull();
  });

  it('Chat shows the unread count the menu marks, and opens the chat overlay', async () => {
    renderMenuAt('/', { unread: 3 });
    const bar = await screen.findByRole('navigation', { name: 'Places' }, { timeout: 10_000 });
    const chat = await within(bar).findByRole(
      'button',
      { name: 'Chat, 3 unread' },
      { timeout: 10_000 },
    );
    expect(chat.textContent).toBe('3Chat');
    fireEvent.click(chat);
    expect(await screen.findByRole('dialog', { name: 'Chat' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('Profile opens Profile Settings', async () => {
    renderMenuAt('/');
    const bar = await screen.findByRole('navigation', { name: 'Places' }, { timeout: 10_000 });
    fireEvent.click(within(bar).getByRole('button', { name: 'Profile' }));
    expect(await screen.findByRole('dialog', { name: 'Profile Settings' })).toBeTruthy();
  });

  it('is not there for a visitor', async () => {
    renderMenuAt('/', { signedIn: false });
    await screen.findByRole('button', { name: 'Open menu' });
    // The session check has settled once the visitor's menu shows no member buttons.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('navigation', { name: 'Places' })).toBeNull();
  });

  it('is not there for a member still onboarding', async () => {
    renderMenuAt('/', { onboarded: 9 });
    // The member is known once the alerts bell's query has been asked for.
    await screen.findByRole('button', { name: 'Open menu' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('navigation', { name: 'Places' })).toBeNull();
  });

  it('speaks Canadian French', async () => {
    await act(() => setLanguage('fr-CA'));
    try {
      renderMenuAt('/', { unread: 2 });
      const bar = await screen.findByRole('navigation', { name: 'Rubriques' }, { timeout: 10_000 });
      expect(within(bar).getByRole('link', { name: 'Enchères' })).toBeTruthy();
      expect(within(bar).getByRole('link', { name: 'Connexions' })).toBeTruthy();
      expect(
        await within(bar).findByRole(
          'button',
          { name: 'Clavardage, 2 non lus' },
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      expect(within(bar).getByRole('button', { name: 'Profil' })).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
