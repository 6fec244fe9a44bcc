// The Bid Board's paged list (marketplace §2, §9): 5 auctions a page, the next page asked
// for near the bottom at most every 500 ms while more pages are known, else every 30 s
// (new auctions may have opened). Profile details are fetched for each page.
import { AUCTIONS_PAGE_SIZE, type AuctionCard } from '@bidboard/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AuctionProfile, getAuctionProfiles } from '../api/get-auction-profiles';
import { listAuctions } from '../api/list-auctions';

const MORE_KNOWN_INTERVAL_MS = 500;
const END_REACHED_INTERVAL_MS = 30_000;

export interface FeedState {
  auctions: AuctionCard[];
  profiles: Record<number, AuctionProfile>;
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  hasMore: boolean;
}

const INITIAL: FeedState = {
  auctions: [],
  profiles: {},
  status: 'loading',
  loadingMore: false,
  hasMore: true,
};

function mergeAuctions(current: AuctionCard[], page: AuctionCard[]): AuctionCard[] {
  const seen = new Set(current.map((a) => a.auctionId));
  return [...current, ...page.filter((a) => a.status === 'active' && !seen.has(a.auctionId))];
}

export function useAuctionFeed(options: { pinUsername?: string; datingFilter: boolean }) {
  const { pinUsername, datingFilter } = options;
  const [state, setState] = useState<FeedState>(INITIAL);
  const stateRef = useRef(state);
  stateRef.current = state;
  const lastRequestAt = useRef(0);
  const inFlight = useRef(false);
  const generation = useRef(0);
  /** Rows the server has returned so far: the next offset (inactive rows are hidden). */
  const fetchedRows = useRef(0);

  const fetchPage = useCallback(
    async (offset: number, gen: number) => {
      inFlight.current = true;
      lastRequestAt.current = Date.now();
      try {
        const page = await listAuctions({
          limit: AUCTIONS_PAGE_SIZE,
          offset,
          dating_filter: datingFilter,
          ...(pinUsername ? { pin_username: pinUsername } : {}),
        });
        if (gen !== generation.current) return;
        fetchedRows.current = offset + page.length;
        setState((s) => ({
          ...s,
          auctions: mergeAuctions(s.auctions, page),
          status: 'ready',
          loadingMore: false,
          hasMore: page.length >= AUCTIONS_PAGE_SIZE,
        }));
        const profiles = await getAuctionProfiles(page.map((a) => a.auctionId)).catch(() => []);
        if (gen !== generation.current || profiles.length === 0) return;
        setState((s) => ({
          ...s,
          profiles: {
            ...s.profiles,
            ...Object.fromEntries(profiles.map((p) => [p.auctionId, p])),
          },
        }));
      } catch {
        if (gen !== generation.current) return;
        setState((s) =>
          offset === 0 ? { ...s, status: 'error' } : { ...s, loadingMore: false, hasMore: false },
        );
      } finally {
        if (gen === generation.current) inFlight.current = false;
      }
    },
    [pinUsername, datingFilter],
  );

  useEffect(() => {
    generation.current += 1;
    inFlight.current = false;
    fetchedRows.current = 0;
    setState(INITIAL);
    void fetchPage(0, generation.current);
  }, [fetchPage]);

  /** Called when the list bottom is within reach; throttled per the spec. */
  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (inFlight.current || current.status !== 'ready') return;
    const interval = current.hasMore ? MORE_KNOWN_INTERVAL_MS : END_REACHED_INTERVAL_MS;
    if (Date.now() - lastRequestAt.current < interval) return;
    if (current.hasMore) setState((s) => ({ ...s, loadingMore: true }));
    void fetchPage(fetchedRows.current, generation.current);
  }, [fetchPage]);

  return { ...state, loadMore };
}
