import type { User } from '@bidboard/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { ProfileSettingsOverlay } from './profile-settings-overlay';

// The photo slots belong to the media feature and are tested there.
vi.mock('@/features/media', () => ({ PhotoSlots: () => <section aria-label="Photos" /> }));

// jsdom has no ResizeObserver; Radix's slider and switch measure themselves with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

type Handler = (call: RecordedCall) => [number, unknown];

/**
 * Signs `user` in and answers update-profile by merging the sent fields into the member;
 * the member has a live auction exactly while their bid-board switch is on.
 */
function setup(user: User, handlers: Record<string, Handler> = {}) {
  localStorage.setItem('authToken', 'tok');
  let current = user;
  const api = mockFetch({
    'GET /api/auth/me': () => [200, { user: current }],
    'POST /api/auth/update-profile': ({ body }) => {
      current = { ...current, ...(body as Partial<User>) };
      return [200, { success: true, message: 'Profile updated', user: current }];
    },
    'GET /api/auctions/user/has-live-auction': () => [
      200,
      { success: true, hasLiveAuction: current.available_for_bids },
    ],
    ...handlers,
  });
  renderWithProviders(<ProfileSettingsOverlay open onOpenChange={() => undefined} />);
  return api;
}

const field = (name: string) => screen.findByRole('textbox', { name });

describe('Profile Settings: each field saves on its own', () => {
  it('shows the photo slots at the top', async () => {
    setup(buildUser());
    expect(await screen.findByRole('region', { name: 'Photos' })).toBeTruthy();
  });

  it('saves the bio on blur and shows Saved for 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = setup(buildUser());
    const bio = await field('Bio');
    fireEvent.change(bio, { target: { value: '  Sunsets, jazz and long walks  ' } });
    fireEvent.blur(bio);

    await screen.findByText('Saved');
    expect(api.callsTo('POST /api/auth/update-profile')[0]?.body).toEqual({
      short_bio: 'Sunsets, jazz and long walks',
    });
    expect(bio).toHaveProperty('value', 'Sunsets, jazz and long walks');
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('checks the shared rule first, sends nothing when it fails and reverts the field', async () => {
    const api = setup(buildUser({ short_bio: 'Climber, reader and pasta maker.' }));
    const bio = await field('Bio');
    fireEvent.change(bio, { target: { value: 'Too short' } });
    fireEvent.blur(bio);
    expect(await screen.findByText('Bio must be at least 20 characters')).toBeTruthy();
    expect(bio).toHaveProperty('value', 'Climber, reader and pasta maker.');
    expect(api.callsTo('POST /api/auth/update-profile')).toHaveLength(0);
  });

  it('puts a rejected username back to the saved one (reserved, invalid or taken)', async () => {
    setup(buildUser({ username: 'alice' }), {
      'POST /api/auth/check-username': () => [200, { available: false, exists: true }],
    });
    const username = await field('Username');
    for (const [typed, message] of [
      ['admin', 'This username is reserved and cannot be used'],
      ['a', 'Username must be between 3 and 14 characters long'],
      ['bob_99', 'Username is already taken'],
    ]) {
      fireEvent.change(username, { target: { value: typed } });
      fireEvent.blur(username);
      expect(await screen.findByText(message!)).toBeTruthy();
      expect(username).toHaveProperty('value', 'alice');
    }
  });

  it('reverts to the previous value and shows the server message under the field', async () => {
    const api = setup(buildUser({ username: 'alice' }), {
      'POST /api/auth/check-username': () => [200, { available: true, exists: false }],
      'POST /api/auth/update-profile': () => [
        400,
        { message: 'Username contains inappropriate content', code: 'VALIDATION' },
      ],
    });
    const username = await field('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'newname{Enter}');

    expect(await screen.findByText('Username contains inappropriate content')).toBeTruthy();
    expect(username).toHaveProperty('value', 'alice');
    expect(api.callsTo('POST /api/auth/update-profile')[0]?.body).toEqual({ username: 'newname' });
  });

  it("says 'Failed to update field' when the server gives no message", async () => {
    setup(buildUser({ postal_code: '07030' }), {
      'POST /api/auth/update-profile': () => [500, {}],
    });
    const postal = await field('Postal code');
    fireEvent.change(postal, { target: { value: 'm5v3l9' } });
    expect(postal).toHaveProperty('value', 'M5V 3L9');
    fireEvent.blur(postal);
    expect(await screen.findByText('Failed to update field')).toBeTruthy();
    expect(postal).toHaveProperty('value', '07030');
  });

  it('checks availability unless only the letter case changes', async () => {
    const api = setup(buildUser({ username: 'alice' }), {
      'POST /api/auth/check-username': () => [200, { available: false, exists: true }],
    });
    const username = await field('Username');
    fireEvent.change(username, { target: { value: 'bob_99' } });
    fireEvent.blur(username);
    expect(await screen.findByText('Username is already taken')).toBeTruthy();
    expect(username).toHaveProperty('value', 'alice');
    expect(api.callsTo('POST /api/auth/update-profile')).toHaveLength(0);

    fireEvent.change(username, { target: { value: 'Alice' } });
    fireEvent.blur(username);
    await screen.findByText('Saved');
    expect(api.callsTo('POST /api/auth/check-username')).toHaveLength(1);
    expect(api.callsTo('POST /api/auth/update-profile')[0]?.body).toEqual({ username: 'Alice' });
  });

  it('flips a switch back when saving fails', async () => {
    setup(buildUser({ available_for_bids: true }), {
      'POST /api/auth/update-profile': () => [500, {}],
    });
    const bids = await screen.findByRole('switch', { name: 'Available for bids?' });
    await userEvent.click(bids);
    expect(await screen.findByText('Failed to update field')).toBeTruthy();
    expect(bids.getAttribute('aria-checked')).toBe('true');
  });
});

describe('Profile Settings: the bid-board switch and the live auction', () => {
  const nextCycle = 'Changes take effect at the next bidding cycle.';

  it('says changes wait for the next cycle while the member has a live auction', async () => {
    const api = setup(buildUser({ available_for_bids: false }));
    const bids = await screen.findByRole('switch', { name: 'Available for bids?' });
    await waitFor(() =>
      expect(api.callsTo('GET /api/auctions/user/has-live-auction')).toHaveLength(1),
    );
    expect(screen.queryByText(nextCycle)).toBeNull();

    // Switching on opens the auction at once: the check is asked again.
    await userEvent.click(bids);
    expect(await screen.findByText(nextCycle)).toBeTruthy();
    expect(api.callsTo('GET /api/auctions/user/has-live-auction')).toHaveLength(2);
  });

  it('shows Failed to check user live auction under the switch when the check fails', async () => {
    setup(buildUser({ available_for_bids: true }), {
      'GET /api/auctions/user/has-live-auction': () => [500, {}],
    });
    const bids = await screen.findByRole('switch', { name: 'Available for bids?' });
    const failed = await screen.findByText('Failed to check user live auction');
    expect(failed.getAttribute('role')).toBe('alert');
    expect(screen.queryByText(nextCycle)).toBeNull();
    expect(bids.getAttribute('aria-checked')).toBe('true');
  });
});

describe('Profile Settings: second chances', () => {
  it("'Offer my connection to the runner-up' is on by default and saves when switched off", async () => {
    const api = setup(buildUser());
    const offer = await screen.findByRole('switch', {
      name: 'Offer my connection to the runner-up',
    });
    expect(offer.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(offer);
    await waitFor(() =>
      expect(api.callsTo('POST /api/auth/update-profile')[0]?.body).toEqual({
        offer_second_chance: false,
      }),
    );
    expect(offer.getAttribute('aria-checked')).toBe('false');
  });
});

describe('Profile Settings: dating fields', () => {
  it('shows seeking gender and the age range only while Here for dating? is on', async () => {
    const api = setup(buildUser({ open_to_dating: true, seeking_gender: 'everyone' }));
    const dating = await screen.findByRole('switch', { name: 'Here for dating?' });
    const seeking = screen.getByRole('radiogroup', { name: 'Seeking' });
    expect(
      within(seeking).getByRole('radio', { name: 'Everyone' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(screen.getByRole('slider', { name: 'Min age' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Max age' })).toBeTruthy();

    await userEvent.click(dating);
    await waitFor(() => expect(screen.queryByRole('radiogroup', { name: 'Seeking' })).toBeNull());
    expect(screen.queryByRole('slider', { name: 'Min age' })).toBeNull();
    expect(api.callsTo('POST /api/auth/update-profile')[0]?.body).toEqual({
      open_to_dating: false,
    });
  });

  it("shows 60 as '60+' and saves the range only when it changes", async () => {
    const api = setup(buildUser({ ideal_match_age_min: 25, ideal_match_age_max: 60 }));
    const max = await screen.findByRole('slider', { name: 'Max age' });
    expect(screen.getByText('60+')).toBeTruthy();
    expect(screen.getByText('Min age')).toBeTruthy();

    // At the top already: End changes nothing and nothing is sent.
    act(() => max.focus());
    fireEvent.keyDown(max, { key: 'End' });
    const min = screen.getByRole('slider', { name: 'Min age' });
    act(() => min.focus());
    fireEvent.keyDown(min, { key: 'ArrowRight' });
    await screen.findByText('Saved');
    expect(api.callsTo('POST /api/auth/update-profile').map((c) => c.body)).toEqual([
      { ideal_match_age_min: 26, ideal_match_age_max: 60 },
    ]);
  });

  it('saves seeking gender at once', async () => {
    const api = setup(buildUser({ open_to_dating: true, seeking_gender: 'everyone' }));
    const seeking = await screen.findByRole('radiogroup', { name: 'Seeking' });
    await userEvent.click(within(seeking).getByRole('radio', { name: 'Female' }));
    await screen.findByText('Saved');
    expect(api.callsTo('POST /api/auth/update-profile')[0]?.body).toEqual({
      seeking_gender: 'female',
    });
    expect(
      within(seeking).getByRole('radio', { name: 'Female' }).getAttribute('aria-checked'),
    ).toBe('true');
  });
});

describe('Profile Settings: distance and verification (issue 44)', () => {
  it("saves 'Maximum distance' at once, hides the distance, wants verified members only", async () => {
    const api = setup(buildUser({ open_to_dating: true }));
    const maximum = await screen.findByRole('group', { name: 'Maximum distance' });
    await userEvent.click(within(maximum).getByRole('radio', { name: '25 miles' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/auth/update-profile')[0]?.body).toEqual({ max_distance: 25 }),
    );
    expect(within(maximum).getByRole('radio', { name: '25 miles' })).toHaveProperty(
      'checked',
      true,
    );
    await userEvent.click(within(maximum).getByRole('radio', { name: 'Anywhere' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/auth/update-profile')[1]?.body).toEqual({ max_distance: null }),
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Hide my distance' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Verified members only' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/auth/update-profile').map((c) => c.body)).toEqual(
        expect.arrayContaining([{ distance_hidden: true }, { verified_only: true }]),
      ),
    );
  });

  it('offers kilometres to members in Canada', async () => {
    setup(buildUser({ open_to_dating: true, country: 'CA', postal_code: 'M5V 3L9' }));
    const maximum = await screen.findByRole('group', { name: 'Maximum distance' });
    expect(
      within(maximum)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['10 km', '25 km', '50 km', '100 km', '250 km', 'Anywhere']);
  });
});

describe('Profile Settings: language', () => {
  it('saves the member’s language and switches the screens to it', async () => {
    const api = setup(buildUser());
    await userEvent.click(await screen.findByRole('button', { name: 'Français' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('fr-CA'));
    expect(api.callsTo('POST /api/auth/update-profile').at(-1)?.body).toEqual({
      language: 'fr-CA',
    });
    expect(await screen.findByText('Écrans, alertes, notifications et textos')).toBeTruthy();
    await act(() => setLanguage('en'));
  });

  it('shows every field in Canadian French, the rules’ refusals too', async () => {
    await act(() => setLanguage('fr-CA'));
    try {
      setup(buildUser({ open_to_dating: true, short_bio: 'Grimpeuse, lectrice et cuisinière.' }));
      expect(await screen.findByRole('dialog', { name: 'Paramètres du profil' })).toBeTruthy();
      expect(await screen.findByText('À propos de vous')).toBeTruthy();
      expect(screen.getByRole('textbox', { name: 'Nom d’utilisateur' })).toBeTruthy();
      expect(screen.getAllByRole('radio', { name: 'Femme' })).toHaveLength(2);
      expect(screen.getByRole('combobox', { name: 'Mois de naissance' })).toBeTruthy();
      expect(screen.getByRole('option', { name: 'janvier' })).toBeTruthy();
      expect(screen.getByText('Coups de cœur')).toBeTruthy();
      expect(screen.getByRole('combobox', { name: 'Catégorie du coup de cœur 1' })).toBeTruthy();
      expect(screen.getByText('Enchères et rencontres')).toBeTruthy();
      expect(screen.getByText('Ouvert aux mises?')).toBeTruthy();
      expect(screen.getByText('Prix de réserve caché')).toBeTruthy();
      expect(screen.getByText('Ici pour des rencontres?')).toBeTruthy();
      expect(screen.getByText('Vous cherchez')).toBeTruthy();
      expect(screen.getByText('Âges recherchés')).toBeTruthy();
      const bio = await field('Bio');
      fireEvent.change(bio, { target: { value: 'Trop court' } });
      fireEvent.blur(bio);
      expect(await screen.findByText('La bio doit compter au moins 20 caractères')).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
