// The Bid Board's paged list (marketplace §2, §9): 5 auctions a page, the next page asked
// for near the bottom at most every 500 ms while more pages are known, else every 30 s
// (new auctions may have opened). Profile details are fetched for each page, together with
// those an earlier failed fetch left missing. A failed later page or profile fetch is
// reported (marketplace §8 fetch failures) without giving up the cards already shown.
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
  /** The last request for a further page failed; the next one is tried as at the end. */
  pageFailed: boolean;
  /** The last profile-details fetch failed: some cards lack their profile slide. */
  profilesFailed: boolean;
}

const INITIAL: FeedState = {
  auctions: [],
  profiles: {},
  status: 'loading',
  loadingMore: false,
  hasMore: true,
  pageFailed: false,
  profilesFailed: false,
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
          pageFailed: false,
        }));
        const known = stateRef.current;
        const missing = known.auctions.filter((a) => !known.profiles[a.auctionId]);
        const ids = [...new Set([...page, ...missing].map((a) => a.auctionId))];
        let profiles: AuctionProfile[];
        try {
          profiles = await getAuctionProfiles(ids);
        } catch (error) {
          if (gen !== generation.current) return;
          console.warn('Failed to fetch auction profile data', error);
          setState((s) => ({ ...s, profilesFailed: true }));
          return;
        }
        if (gen !== generation.current) return;
        setState((s) => ({
          ...s,
          profilesFailed: false,
          profiles: {
            ...s.profiles,
            ...Object.fromEntries(profiles.map((p) => [p.auctionId, p])),
          },
        }));
      } catch (error) {
        if (gen !== generation.current) return;
        console.warn('Failed to fetch auctions', error);
        setState((s) =>
          offset === 0
            ? { ...s, status: 'error' }
            : { ...s, loadingMore: false, hasMore: false, pageFailed: true },
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
