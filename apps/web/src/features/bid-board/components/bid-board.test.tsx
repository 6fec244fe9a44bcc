import type { AuctionCard } from '@bidboard/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAuction } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

function boardApi(pages: AuctionCard[][] = [[buildAuction(1, 'maya'), buildAuction(2, 'theo')]]) {
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
  });
}

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

  it('says when there are no auctions', async () => {
    boardApi([[]]);
    renderApp('/');
    expect(await screen.findByText('No auctions available at the moment.')).toBeTruthy();
  });

  it('replaces the page with Failed to load auctions when the list fails', async () => {
    mockFetch({ 'POST /api/auctions': () => [500, { message: 'boom' }] });
    renderApp('/');
    expect(await screen.findByText('Failed to load auctions')).toBeTruthy();
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
});
