// The Bid Board (marketplace §2 Home Bid Board): countdown header, search, filter and the
// infinitely scrolling grid of auction cards with the spec's list messages. Only a failed
// first page replaces the board; other failed fetches (marketplace §8) are named in the
// header while the rest keeps working.
import type { AuctionCard as Auction } from '@bidboard/shared';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { CardGrid, FeedMessage } from '@/components/ui/feed';
import { useCurrentUser } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import { lazyComponent } from '@/lib/lazy';
import type { AuctionProfile } from '../api/get-auction-profiles';
import { useAuctionProfiles } from '../api/get-auction-profiles-query';
import { useCurrentPeriod } from '../api/get-current-period';
import { usePeriodEndTime } from '../api/get-period-end-time';
import { useSearchAuctions } from '../api/search-auctions';
import { useAuctionFeed } from '../hooks/use-auction-feed';
import { useCountdown } from '../hooks/use-countdown';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { usePeriodWatch } from '../hooks/use-period-watch';
import { useSocket } from '../hooks/use-socket';
import { useBoardText } from '../i18n';
import { searchTermFrom } from '../lib/search';
import { AuctionCard } from './auction-card';
import { BoardHeader } from './board-header';
import { CardHint } from './card-hint';
import './bid-board.css';

// Opened by 'Sign Up to Bid' only: not part of the board's first paint.
const InstructionsOverlay = lazyComponent(() =>
  import('@/features/instructions').then((m) => m.InstructionsOverlay),
);

export const SEARCH_DELAY_MS = 300;
const NEAR_BOTTOM_PX = 100;

/** The spec's list messages, as keys of the Bid Board's catalogue. */
const BOARD_MESSAGES = {
  loadingMore: 'board.loadingMore',
  end: 'board.end',
  empty: 'board.empty',
  noResults: 'board.noResults',
  noPeriod: 'board.noPeriod',
  noMatches: 'board.noMatches',
  failed: 'board.failed',
  searchFailed: 'board.searchFailed',
  periodFailed: 'board.periodFailed',
  pageFailed: 'board.pageFailed',
  endTimeFailed: 'board.endTimeFailed',
  profilesFailed: 'board.profilesFailed',
} as const;

type BoardMessage = (typeof BOARD_MESSAGES)[keyof typeof BOARD_MESSAGES];

export function BidBoard({ pinUsername }: { pinUsername?: string }) {
  const t = useBoardText();
  const user = useCurrentUser();
  const { socket, status } = useSocket();
  const period = useCurrentPeriod();
  // A 404 means no period is open: not a failure, the board just has nothing to show.
  const noPeriod = isApiError(period.error) && period.error.status === 404;
  const endTime = usePeriodEndTime(period.data, status !== 'connected');
  // After a failed fetch the end time is unknown ('--:--:--') until a sync arrives.
  const countdown = useCountdown(noPeriod ? null : endTime.data, socket);
  usePeriodWatch(period.data?.id, socket);

  const [search, setSearch] = useState('');
  const searchTerm = searchTermFrom(useDebouncedValue(search, SEARCH_DELAY_MS));
  const [datingFilter, setDatingFilter] = useState(false);
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const openInstructions = useCallback(() => setInstructionsOpen(true), []);
  const feed = useAuctionFeed({ pinUsername, datingFilter });
  const results = useSearchAuctions(searchTerm);
  const resultProfiles = useAuctionProfiles(results.data?.map((a) => a.auctionId) ?? []);
  const searching = searchTerm !== null;
  const notices = [
    period.isError && !noPeriod && BOARD_MESSAGES.periodFailed,
    endTime.isError && BOARD_MESSAGES.endTimeFailed,
    (searching ? resultProfiles.isError : feed.profilesFailed) && BOARD_MESSAGES.profilesFailed,
  ]
    .filter((notice) => notice !== false)
    .map((notice) => t(notice));
  const { loadMore } = feed;
  const feedCount = feed.auctions.length;

  // Re-checked after every page: a short page may not fill the screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: feedCount triggers the re-check
  useEffect(() => {
    if (searching) return;
    const check = () => {
      const doc = document.documentElement;
      if (doc.scrollHeight - (window.scrollY + window.innerHeight) <= NEAR_BOTTOM_PX) loadMore();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [searching, loadMore, feedCount]);

  if (feed.status === 'error') {
    return (
      <section className="bid-board" aria-labelledby="bid-board-title">
        <h1 id="bid-board-title" className="visually-hidden">
          {t('board.title')}
        </h1>
        <FeedMessage error page>
          {t(BOARD_MESSAGES.failed)}
        </FeedMessage>
      </section>
    );
  }

  const renderCards = (auctions: Auction[], profiles: Record<number, AuctionProfile>) =>
    auctions.map((card, index) => (
      <AuctionCard
        key={card.auctionId}
        priority={index === 0}
        card={card}
        profile={profiles[card.auctionId]}
        user={user}
        socket={socket}
        status={status}
        onSignUp={openInstructions}
      />
    ));

  let grid: React.ReactNode;
  let message: BoardMessage | null = null;
  if (searching) {
    grid = renderCards(results.data ?? [], resultProfiles.data ?? {});
    if (results.isError) message = BOARD_MESSAGES.searchFailed;
    else if (results.data && results.data.length === 0) message = BOARD_MESSAGES.noResults;
  } else if (feed.status === 'loading') {
    grid = [0, 1, 2].map((n) => <div key={n} className="profile-card profile-card--skeleton" />);
  } else {
    grid = renderCards(feed.auctions, feed.profiles);
    if (feed.loadingMore) message = BOARD_MESSAGES.loadingMore;
    else if (feed.pageFailed) message = BOARD_MESSAGES.pageFailed;
    else if (feed.auctions.length === 0) {
      if (datingFilter) message = BOARD_MESSAGES.noMatches;
      else message = noPeriod ? BOARD_MESSAGES.noPeriod : BOARD_MESSAGES.empty;
    } else if (!feed.hasMore) message = BOARD_MESSAGES.end;
  }

  return (
    <section
      className="bid-board"
      aria-labelledby="bid-board-title"
      aria-busy={feed.status === 'loading'}
    >
      <h1 id="bid-board-title" className="visually-hidden">
        {t('board.title')}
      </h1>
      <BoardHeader
        countdown={countdown}
        notices={notices}
        search={search}
        onSearchChange={setSearch}
        showFilter={user?.open_to_dating ?? false}
        datingFilter={datingFilter}
        onDatingFilterChange={setDatingFilter}
      />
      {/* Already there while the cards load, so their arrival does not push the grid down
          (a layout shift Lighthouse counted on the signed-in board). */}
      {feed.status === 'loading' || feed.auctions.length > 0 ? <CardHint /> : null}
      <CardGrid>{grid}</CardGrid>
      {message ? (
        <FeedMessage
          error={message === BOARD_MESSAGES.pageFailed || message === BOARD_MESSAGES.searchFailed}
        >
          {t(message)}
        </FeedMessage>
      ) : null}
      {instructionsOpen ? (
        <Suspense fallback={null}>
          <InstructionsOverlay
            open={instructionsOpen}
            onOpenChange={setInstructionsOpen}
            isVisitor={user === null}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
