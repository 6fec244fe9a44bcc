import type { AuctionCard, MemberDistance } from '@bidboard/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { buildAuction, buildUser } from '@/test/factories';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { END_TIME_REFRESH_MS } from '../api/get-period-end-time';
import en from '../locales/en.json';
import fr from '../locales/fr-CA.json';

vi.mock('@/lib/hard-navigate', () => ({ reloadPage: vi.fn(), hardNavigate: vi.fn() }));
const { reloadPage } = await import('@/lib/hard-navigate');

type Handler = (call: RecordedCall) => [number, unknown];

function boardApi(
  pages: AuctionCard[][] = [[buildAuction(1, 'maya'), buildAuction(2, 'theo')]],
  handlers: Record<string, Handler> = {},
) {
  let page = 0;
  return mockFetch({
    'GET /api/auctions/current-period': () => [
      200,
      { success: true, period: { id: 1, end_time: '2026-11-26T01:00:00.000Z' } },
    ],
    'POST /api/auctions': () => [200, { auctions: pages[page++] ?? [] }],
    'POST /api/auctions/auction_profile_data': () => [
      200,
      { success: true, auctionProfileData: [] },
    ],
    'POST /api/auctions/search': () => [200, { auctions: [] }],
    ...handlers,
  });
}

/** The profile data the server sends with a card (auction_profile_data), at `distance`. */
const profileOf = (card: AuctionCard, distance: MemberDistance | null) => ({
  auctionId: card.auctionId,
  user_id: card.user_id,
  username: card.username,
  age: card.age,
  zodiac_sign: 'Leo',
  bio: null,
  favorite_thing_1_answer: null,
  favorite_thing_2_answer: null,
  favorite_thing_3_answer: null,
  open_to_dating: true,
  distance,
  verified: false,
  followThrough: null,
  prompts: [],
  profile_picture_1: null,
  profile_picture_2: null,
  profile_picture_3: null,
});

const fullPage = (from: number) =>
  ['maya', 'theo', 'ivy', 'noah', 'lena'].map((name, i) => buildAuction(from + i, name));

/** The header's notices: fetches that failed without taking the board down. */
const headerNotices = () =>
  within(screen.getByRole('timer').closest('.board-header') as HTMLElement)
    .queryAllByRole('alert')
    .map((notice) => notice.textContent);

const CARD_HINT_TEXT = en['hint.text'];

describe('Bid Board', () => {
  // jsdom lacks the observers and matchMedia the carousel and the room watcher use.
  beforeEach(() => {
    class Observer {
      observe = vi.fn();
      unobserve = vi.fn();
      disconnect = vi.fn();
    }
    vi.stubGlobal('IntersectionObserver', Observer);
    vi.stubGlobal('ResizeObserver', Observer);
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
    );
  });

  it('lists auction cards with username, age and a Bid button, then the end message', async () => {
    boardApi();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'maya, 29' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'theo, 29' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Bid 50$/ })).toHaveLength(2);
    expect(await screen.findByText("That's all! Place your bids.")).toBeTruthy();
  });

  it("the member's own card says 'Yours', never offers 'Bid' (issue 46)", async () => {
    localStorage.setItem('authToken', 'tok');
    boardApi(undefined, {
      'GET /api/auth/me': () => [200, { user: buildUser({ id: 101 }) }],
    });
    renderApp('/');
    expect(await screen.findByRole('button', { name: /^Yours 50$/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Bid 50$/ })).toHaveLength(1);
    localStorage.removeItem('authToken');
  });

  it('keeps the age whole beside a long name: it never goes behind an ellipsis', async () => {
    boardApi([[buildAuction(1, 'alexandra_the_seventh_7672')]]);
    renderApp('/');
    const heading = await screen.findByRole('heading', { name: 'alexandra_the_seventh_7672, 29' });
    expect(heading.querySelector('.profile-card__age')?.textContent).toBe(', 29');
    expect(getComputedStyle(heading).textOverflow).not.toBe('ellipsis');
  });

  it("shows the hidden reserve's state over the photo, never the amount, outside the bid button", async () => {
    boardApi([
      [
        buildAuction(1, 'maya', { reserve: 'not_met' }),
        buildAuction(2, 'theo', { reserve: 'met' }),
      ],
    ]);
    renderApp('/');
    const notMet = await screen.findByText('Reserve not met');
    expect(notMet.closest('.profile-card__badge')).toBeTruthy();
    expect(notMet.closest('button')).toBeNull();
    expect(screen.getByText('Reserve met').closest('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Bid 50, Reserve not met' })).toBeTruthy();
  });

  it("shows a member's date follow-through under the name, once a date counts (issue 45)", async () => {
    const profile = (
      auctionId: number,
      followThrough: { showed: number; dates: number } | null,
    ) => ({
      auctionId,
      followThrough,
    });
    boardApi([[buildAuction(1, 'maya'), buildAuction(2, 'theo'), buildAuction(3, 'ivy')]], {
      'POST /api/auctions/auction_profile_data': () => [
        200,
        {
          success: true,
          auctionProfileData: [
            profile(1, { showed: 9, dates: 10 }),
            profile(2, { showed: 1, dates: 1 }),
            profile(3, null),
          ],
        },
      ],
    });
    renderApp('/');
    const line = await screen.findByText('Showed up to 9 of 10 dates');
    const maya = screen.getByRole('heading', { name: 'maya, 29' }).closest('article')!;
    expect(line.closest('.profile-card__who')).toBe(maya.querySelector('.profile-card__who'));
    expect(screen.getByText('Showed up to 1 of 1 date')).toBeTruthy();
    const ivy = screen.getByRole('heading', { name: 'ivy, 29' }).closest('article')!;
    expect(ivy.textContent).not.toMatch(/Showed up/);
  });

  it('words the follow-through in Canadian French', async () => {
    await setLanguage('fr-CA');
    boardApi([[buildAuction(1, 'maya')]], {
      'POST /api/auctions/auction_profile_data': () => [
        200,
        {
          success: true,
          auctionProfileData: [{ auctionId: 1, followThrough: { showed: 9, dates: 10 } }],
        },
      ],
    });
    renderApp('/');
    // The French colon keeps its no-break space (which findByText's normaliser would fold).
    expect(await screen.findByText(/^Présence/)).toBeTruthy();
    expect(document.querySelector('.follow-through')?.textContent).toBe(
      'Présence\u00a0: 9 rendez-vous sur 10',
    );
  });

  it('hints on the first visit that a tap or swipe reveals the profile and the bid', async () => {
    boardApi();
    const first = renderApp('/');
    expect(await screen.findByText(CARD_HINT_TEXT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByText(CARD_HINT_TEXT)).toBeNull();
    first.unmount();

    boardApi();
    renderApp('/');
    await screen.findByRole('heading', { name: 'maya, 29' });
    expect(screen.queryByText(CARD_HINT_TEXT)).toBeNull();
  });

  it("keeps the first-visit hint's place while the cards load: their arrival does not push the grid", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowFeed = async () => {
      await gate;
      return [200, { auctions: [buildAuction(1, 'maya')] }];
    };
    boardApi(undefined, { 'POST /api/auctions': slowFeed as unknown as Handler });
    renderApp('/');
    expect(await screen.findByText(CARD_HINT_TEXT)).toBeTruthy();
    expect(document.querySelector('.profile-card--skeleton')).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { name: 'maya, 29' })).toBeTruthy();
    expect(screen.getByText(CARD_HINT_TEXT)).toBeTruthy();
  });

  it('speaks Canadian French to a French member: the board, its cards and the hidden reserve', async () => {
    await setLanguage('fr-CA');
    const period = { id: 1, end_time: new Date(Date.now() + 3_600_000).toISOString() };
    boardApi(
      [
        [
          buildAuction(1, 'maya', { reserve: 'not_met' }),
          buildAuction(2, 'theo', { reserve: 'met' }),
        ],
      ],
      { 'GET /api/auctions/current-period': () => [200, { success: true, period }] },
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Tableau des enchères' })).toBeTruthy();
    expect(await screen.findByText('C’est tout! Placez vos mises.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Miser 50, Réserve non atteinte' })).toBeTruthy();
    expect(screen.getByText('Réserve atteinte')).toBeTruthy();
    expect(screen.getByText(fr['hint.text'])).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Compris' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain('Fin des mises\u00a0:');
    expect(screen.getAllByRole('button', { name: /^Diapositive 1 sur / }).length).toBeGreaterThan(
      0,
    );
    expect(screen.getByRole('button', { name: 'Rechercher' })).toBeTruthy();
    // No sentence of the English catalogue is left on the screen.
    const page = document.body.textContent ?? '';
    const english = Object.values(en).filter((text) => text.includes(' ') && page.includes(text));
    expect(english).toEqual([]);
  });

  it('says when there are no auctions', async () => {
    boardApi([[]]);
    renderApp('/');
    expect(await screen.findByText('No auctions available at the moment.')).toBeTruthy();
  });

  it('replaces the page with Failed to load auctions when the list fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({ 'POST /api/auctions': () => [500, { message: 'boom' }] });
    renderApp('/');
    expect(await screen.findByText('Failed to load auctions')).toBeTruthy();
  });

  it('keeps the board when no period is open, without calling it a failure', async () => {
    boardApi([[]], { 'GET /api/auctions/current-period': () => [404, { message: 'No period' }] });
    renderApp('/');
    expect(await screen.findByText('No auctions available')).toBeTruthy();
    expect(headerNotices()).toEqual([]);
  });

  it('names a failed period fetch in the header and still lists the auctions', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    boardApi(undefined, {
      'GET /api/auctions/current-period': () => [500, { message: 'boom' }],
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'maya, 29' })).toBeTruthy();
    await waitFor(() =>
      expect(headerNotices()).toEqual(['Failed to fetch current auction period']),
    );
    expect(screen.getByRole('timer').textContent).toContain('--:--:--');
  });

  it('says Failed to fetch auctions under the cards when a further page fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    boardApi(undefined, {
      'POST /api/auctions': () => (calls++ === 0 ? [200, { auctions: fullPage(1) }] : [500, {}]),
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'lena, 29' })).toBeTruthy();
    // The next page is asked for near the bottom, at most every 500 ms.
    await new Promise((resolve) => setTimeout(resolve, 550));
    fireEvent.scroll(window);
    const failed = await screen.findByText('Failed to fetch auctions');
    expect(failed.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('heading', { name: 'maya, 29' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Failed to fetch auctions', expect.anything());
  });

  it('names failed profile details in the header and asks for them again with the next page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let profileCalls = 0;
    const api = boardApi([fullPage(1), [buildAuction(6, 'omar')]], {
      'POST /api/auctions/auction_profile_data': () =>
        profileCalls++ === 0 ? [500, {}] : [200, { success: true, auctionProfileData: [] }],
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'maya, 29' })).toBeTruthy();
    await waitFor(() => expect(headerNotices()).toEqual(['Failed to fetch auction profile data']));

    await new Promise((resolve) => setTimeout(resolve, 550));
    fireEvent.scroll(window);
    await waitFor(() => expect(headerNotices()).toEqual([]));
    expect(api.callsTo('POST /api/auctions/auction_profile_data')[1]!.body).toEqual({
      auctionIds: [6, 1, 2, 3, 4, 5],
    });
  });

  it('re-reads the end time each minute without a realtime connection and names a failure', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let endTimeCalls = 0;
    const api = boardApi(undefined, {
      'GET /api/auctions/period/1/end_time': () =>
        endTimeCalls++ === 0
          ? [200, { success: true, end_time: new Date(Date.now() - 1000).toISOString() }]
          : [500, {}],
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'maya, 29' })).toBeTruthy();
    expect(api.callsTo('GET /api/auctions/period/1/end_time')).toHaveLength(0);

    // An early close moved the end: the countdown follows it.
    await act(() => vi.advanceTimersByTimeAsync(END_TIME_REFRESH_MS));
    await waitFor(() => expect(screen.getByRole('timer').textContent).toBe('Auction ended'));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(reloadPage).toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(END_TIME_REFRESH_MS));
    await waitFor(() => expect(headerNotices()).toEqual(['Failed to fetch auctions end time']));
    expect(screen.getByRole('timer').textContent).toBe('Auction ended');
  });

  it('searches 300 ms after typing stops, only from 3 trimmed characters', async () => {
    const api = boardApi();
    renderApp('/');
    await screen.findByRole('heading', { name: 'maya, 29' });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const input = screen.getByPlaceholderText('Search by user name');
    fireEvent.change(input, { target: { value: ' ma ' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(api.callsTo('POST /api/auctions/search')).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'may' } });
    fireEvent.change(input, { target: { value: 'maya ' } });
    expect(api.callsTo('POST /api/auctions/search')).toHaveLength(0);
    expect(await screen.findByText('No results found.')).toBeTruthy();
    expect(api.callsTo('POST /api/auctions/search')).toHaveLength(1);
    expect(api.callsTo('POST /api/auctions/search')[0]!.body).toEqual({ searchString: 'maya' });
    expect(screen.queryByRole('heading', { name: 'maya, 29' })).toBeNull();
    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'maya, 29' })).toBeTruthy());
  });

  it("search results say how far each member is, from the results' profile data (issue 44)", async () => {
    localStorage.setItem('authToken', 'tok');
    const found = [
      buildAuction(7, 'mayabk'),
      buildAuction(8, 'mayala'),
      buildAuction(9, 'mayahid'),
    ];
    const distances: Record<number, MemberDistance> = {
      7: { kind: 'near', value: 3, unit: 'mi' },
      8: { kind: 'far' },
      9: { kind: 'hidden' },
    };
    const api = boardApi(undefined, {
      'GET /api/auth/me': () => [200, { user: buildUser({ id: 101 }) }],
      'POST /api/auctions/search': () => [200, { auctions: found }],
      'POST /api/auctions/auction_profile_data': (call) => [
        200,
        {
          success: true,
          auctionProfileData: (call.body as { auctionIds: number[] }).auctionIds
            .filter((id) => distances[id])
            .map((id) => profileOf(found.find((card) => card.auctionId === id)!, distances[id]!)),
        },
      ],
    });
    renderApp('/');
    await screen.findByRole('heading', { name: 'maya, 29' });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.change(screen.getByPlaceholderText('Search by user name'), {
      target: { value: 'maya' },
    });
    const card = async (name: string) =>
      (await screen.findByRole('heading', { name: `${name}, 29` })).closest(
        '.profile-card',
      ) as HTMLElement;
    expect(await within(await card('mayabk')).findByText('3 miles away')).toBeTruthy();
    expect(await within(await card('mayala')).findByText('Far away')).toBeTruthy();
    expect(await within(await card('mayahid')).findByText('Distance hidden')).toBeTruthy();
    // The results' own profile data, asked for the found cards.
    const asked = api.callsTo('POST /api/auctions/auction_profile_data');
    expect(asked.map((c) => (c.body as { auctionIds: number[] }).auctionIds)).toContainEqual([
      7, 8, 9,
    ]);
  });
});
