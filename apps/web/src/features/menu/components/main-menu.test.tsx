import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { closeChat } from '@/features/chat';
import { setLanguage } from '@/lib/i18n';
import { buildConversation, buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { MainMenu } from './main-menu';

function renderMenu(unread: number) {
  localStorage.setItem('authToken', 'tok');
  mockFetch({
    'GET /api/auth/me': () => [200, { user: buildUser({ id: 7 }) }],
    'GET /api/alerts': () => [200, { success: true, alerts: [], unread: 0 }],
    'GET /api/checkTokens': () => [200, { claimed: true, message: '' }],
    'GET /api/chat/unread': () => [200, { success: true, unread }],
    'GET /api/chat/conversations': () => [
      200,
      {
        success: true,
        conversations: [
          buildConversation({
            unread: { '7': unread },
            lastMessage: { id: 1, text: 'hi', ts: Date.now(), senderId: 20, type: 'text' },
          }),
        ],
        nextCursor: null,
      },
    ],
  });
  renderWithProviders(
    <MemoryRouter>
      <MainMenu />
    </MemoryRouter>,
  );
}

afterEach(() => act(() => closeChat()));

describe('main menu and chat', () => {
  it('unread messages show the messages button and the Chat dot; Chat opens the overlay', async () => {
    renderMenu(3);
    // The member and the unread count arrive first (slow on a loaded machine).
    const button = await screen.findByRole(
      'button',
      { name: 'Messages (3 unread)' },
      { timeout: 10_000 },
    );
    expect(button).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const chat = within(menu).getByRole('button', { name: /^Chat/ });
    expect(within(chat).getByRole('img', { name: 'unread' })).toBeTruthy();
    fireEvent.click(chat);
    const overlay = await screen.findByRole('dialog', { name: 'Chat' });
    expect(await within(overlay).findByRole('button', { name: 'theo, 3 unread' })).toBeTruthy();
  });

  it('without unread messages there is no messages button and no Chat dot', async () => {
    renderMenu(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' }, { timeout: 10_000 });
    const chat = await within(menu).findByRole('button', { name: /^Chat/ }, { timeout: 10_000 });
    expect(within(chat).queryByRole('img', { name: 'unread' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Messages/ })).toBeNull();
  });

  it('BUY/REDEEM closes the menu before the token screen opens (never side by side)', async () => {
    renderMenu(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' }, { timeout: 10_000 });
    fireEvent.click(await within(menu).findByRole('button', { name: 'BUY/REDEEM' }));
    expect(await screen.findByRole('dialog', { name: 'Tokens' })).toBeTruthy();
    // hidden: true, since a dialog over the menu would only hide it from assistive tech.
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Menu', hidden: true })).toBeNull(),
    );
  });

  it('the top buttons step aside while the page scrolls down and come back on a scroll up', async () => {
    renderMenu(0);
    await screen.findByRole('button', { name: 'Open menu' });
    const root = document.documentElement;
    const scrollTo = async (y: number) => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
      act(() => {
        window.dispatchEvent(new Event('scroll'));
      });
      await new Promise((resolve) => requestAnimationFrame(resolve));
    };
    await scrollTo(400);
    await waitFor(() => expect(root.hasAttribute('data-top-buttons-away')).toBe(true));
    await scrollTo(300);
    await waitFor(() => expect(root.hasAttribute('data-top-buttons-away')).toBe(false));
    await scrollTo(0);
  });
});

describe('main menu in Canadian French', () => {
  it('names the trigger, the sheet, every item, the balances and the legal links in French', async () => {
    await act(() => setLanguage('fr-CA'));
    try {
      renderMenu(2);
      fireEvent.click(await screen.findByRole('button', { name: 'Ouvrir le menu' }));
      const menu = await screen.findByRole('dialog', { name: 'Menu' });
      const nav = within(menu).getByRole('navigation', { name: 'Principal' });
      expect(
        within(nav)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Tableau des enchères',
        'Connexions',
        'Vos résultats',
        'Clavardage',
        'Alertes',
        'Paramètres du profil',
        'Comment ça marche',
        'Paramètres des notifications',
        'Centre de confidentialité',
        'Inviter des amis',
        'Se déconnecter',
      ]);
      expect(await within(menu).findByRole('img', { name: 'non lu' })).toBeTruthy();
      expect(within(menu).getByText('Disponibles pour miser')).toBeTruthy();
      expect(within(menu).getByRole('link', { name: 'Conditions' })).toBeTruthy();
      expect(within(menu).getByRole('link', { name: 'Confidentialité' })).toBeTruthy();
      expect(within(menu).getByRole('button', { name: 'Fermer le menu' })).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
