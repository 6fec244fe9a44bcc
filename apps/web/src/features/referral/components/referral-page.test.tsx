import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage, textsReady } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { countdownParts } from '../lib/countdown';
import { ReferralPage } from './referral-page';

function renderPage(props: Partial<Parameters<typeof ReferralPage>[0]> = {}) {
  const user = buildUser({ username: 'alice', invites_left: 3 });
  const router = createMemoryRouter(
    [
      { path: '/referral', element: <ReferralPage user={user} {...props} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/referral'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

function stubClipboard() {
  const writeText = vi.fn(async (_text: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

describe('referral page', () => {
  it('shows the invites and bonus, and copies the personal link and a share message', async () => {
    const writeText = stubClipboard();
    renderPage();
    expect(screen.getByRole('heading', { name: "You're all set! Now, earn tokens." })).toBeTruthy();
    expect(screen.getByText('You have 3 invites.')).toBeTruthy();
    expect(
      screen.getByText('You and your friend both get 250 tokens when they sign up.'),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Copy your personal link' }));
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/alice`);
    expect(await screen.findByText('Your personal link copied')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Copy share message' }));
    const message = writeText.mock.lastCall?.[0] ?? '';
    expect(message).toContain(`${window.location.origin}/alice`);
    expect(message).toContain('250 tokens');
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/policy');
  });

  it('enters at the stored referrer page and clears it, or at /', async () => {
    localStorage.setItem('referralUsername', 'dave');
    const router = renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Enter Bidboard' }));
    expect(router.state.location.pathname).toBe('/dave');
    expect(localStorage.getItem('referralUsername')).toBeNull();
  });

  it('goes to / from the enter button without a stored referrer', async () => {
    const router = renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Enter Bidboard' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('counts down to launch before launch, then says Launch time! and reloads', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T12:00:00Z'), toFake: ['setInterval', 'Date'] });
    stubClipboard();
    const onLaunch = vi.fn();
    // 1 day, 2 hours, 3 minutes and 4 seconds before launch.
    renderPage({ launchAt: '2030-01-02T14:03:04Z', onLaunch });
    expect(
      screen.getByRole('heading', { name: 'Boost your status and your balance.' }),
    ).toBeTruthy();
    expect(screen.getByText('You have 3 invites. Gift them wisely before launch.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enter Bidboard' })).toBeNull();
    const timer = screen.getByRole('timer', { name: 'Time until launch' });
    expect(timer.textContent).toContain('01DAY02HRS03MIN04SEC');
    expect(timer.textContent).toContain('EST');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toContain('03MIN03SEC');
    act(() => vi.advanceTimersByTime((26 * 3600 + 3 * 60 + 3) * 1000));
    expect(screen.getByRole('status').textContent).toBe('Launch time!');
    expect(onLaunch).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(onLaunch).toHaveBeenCalledTimes(1);
  });

  it('copies the prelaunch share message', async () => {
    const writeText = stubClipboard();
    renderPage({ launchAt: '2999-01-01T00:00:00Z', onLaunch: vi.fn() });
    await userEvent.click(screen.getByRole('button', { name: 'Copy share message' }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(writeText.mock.lastCall?.[0]).toMatch(/before launch/);
  });
});

describe('referral page in Canadian French', () => {
  async function inFrench() {
    await setLanguage('fr-CA');
    await textsReady({ later: true });
  }

  it('says the invites and the bonus, and copies a French share message', async () => {
    await inFrench();
    const writeText = stubClipboard();
    renderPage();
    expect(
      screen.getByRole('heading', { name: 'Tout est prêt! Maintenant, gagnez des jetons.' }),
    ).toBeTruthy();
    expect(screen.getByText('Vous avez 3 invitations.')).toBeTruthy();
    expect(
      screen.getByText('Vous et la personne invitée recevez chacun 250 jetons à son inscription.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entrer dans Bidboard' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Copier message à partager' }));
    expect(writeText.mock.lastCall?.[0]).toBe(
      `Je suis sur Bidboard, où l’on mise sur des rendez-vous. Inscrivez-vous avec mon lien et nous recevrons chacun 250 jetons\u00a0: ${window.location.origin}/alice`,
    );
    expect(await screen.findByText('Message à partager : copié')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Conditions' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Confidentialité' })).toBeTruthy();
  });

  it('counts down to launch in French, New York’s time worded for Quebec', async () => {
    await inFrench();
    vi.useFakeTimers({ now: new Date('2030-01-01T12:00:00Z'), toFake: ['setInterval', 'Date'] });
    stubClipboard();
    renderPage({ launchAt: '2030-01-02T14:03:04Z', onLaunch: vi.fn() });
    expect(
      screen.getByRole('heading', { name: 'Rehaussez votre statut et votre solde.' }),
    ).toBeTruthy();
    expect(
      screen.getByText('Vous avez 3 invitations. Offrez-les judicieusement avant le lancement.'),
    ).toBeTruthy();
    const timer = screen.getByRole('timer', { name: 'Temps avant le lancement' });
    expect(timer.textContent).toContain('01JOURS02HEURES03MIN04SEC');
    expect(timer.textContent).toContain('Lancement\u00a0: mer. 2 janv., 09 h 03 HNE');
  });
});

describe('countdownParts', () => {
  it('splits the time left and never goes below zero', () => {
    expect(countdownParts(((2 * 24 + 5) * 3600 + 7 * 60 + 9) * 1000)).toEqual({
      days: 2,
      hours: 5,
      minutes: 7,
      seconds: 9,
    });
    expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
