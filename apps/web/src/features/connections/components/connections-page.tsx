// The Connections page (marketplace §2): the member's connections as swipeable cards or
// a compact grid, 10 a page with the next page near the bottom, the list messages of §2,
// and live updates. /connections/{user_id} and ?connectionId= bring those connections first.
import type { Connection } from '@bidboard/shared';
import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { CardGrid, FeedMessage } from '@/components/ui/feed';
import { useCurrentUser } from '@/features/auth';
import { FirstConnectionNotice } from '@/features/safety-notices';
import { useConnectionFeed } from '../hooks/use-connection-feed';
import { useConnectionsLive } from '../hooks/use-connections-live';
import { useConnectionsText } from '../i18n';
import { ConnectionCard } from './connection-card';
import { ConnectionGrid } from './connection-grid';
import './connections.css';

const NEAR_BOTTOM_PX = 100;
/** Countdowns on the cards ('5 hours left') are refreshed this often. */
const CLOCK_TICK_MS = 60_000;

export interface ConnectionsPageProps {
  pinPartnerId: number | null;
  pinConnectionId: number | null;
  onOpenChat: (connection: Connection) => void;
}

type View = 'cards' | 'grid';

export function ConnectionsPage({
  pinPartnerId,
  pinConnectionId,
  onOpenChat,
}: ConnectionsPageProps) {
  const t = useConnectionsText();
  const user = useCurrentUser();
  const [view, setView] = useState<View>('cards');
  const [, setTick] = useState(0);
  const feed = useConnectionFeed({ pinConnectionId, pinPartnerId, enabled: user !== null });
  useConnectionsLive();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const count = feed.connections.length;
  const now = new Date();

  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  // Re-checked after every page: a short page may not fill the screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: count triggers the re-check
  useEffect(() => {
    const check = () => {
      const doc = document.documentElement;
      const near = doc.scrollHeight - (window.scrollY + window.innerHeight) <= NEAR_BOTTOM_PX;
      if (near && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, count, view]);

  const openCard = (connection: Connection) => {
    setView('cards');
    requestAnimationFrame(() =>
      document.getElementById(`connection-${connection.id}`)?.scrollIntoView({ block: 'start' }),
    );
  };

  let body: React.ReactNode;
  if (!user) {
    body = (
      <FeedMessage>{view === 'grid' ? t('list.gridSignedOut') : t('list.signedOut')}</FeedMessage>
    );
  } else if (feed.isPending) {
    body = (
      <>
        <CardGrid>
          {[0, 1].map((n) => (
            <div key={n} className="profile-card profile-card--skeleton" />
          ))}
        </CardGrid>
        <FeedMessage>{t('list.loading')}</FeedMessage>
      </>
    );
  } else if (feed.isError && count === 0) {
    body = (
      <FeedMessage error page>
        {t('list.failed')}
      </FeedMessage>
    );
  } else if (count === 0) {
    body = <FeedMessage>{view === 'grid' ? t('list.gridEmpty') : t('list.empty')}</FeedMessage>;
  } else {
    let message: React.ReactNode = null;
    if (feed.isFetchingNextPage) message = <FeedMessage>{t('list.loadingMore')}</FeedMessage>;
    else if (feed.isFetchNextPageError)
      message = <FeedMessage error>{t('list.failedMore')}</FeedMessage>;
    else if (!feed.hasNextPage) message = <FeedMessage>{t('list.end')}</FeedMessage>;
    body = (
      <>
        {view === 'grid' ? (
          <ConnectionGrid connections={feed.connections} onOpen={openCard} />
        ) : (
          <CardGrid>
            {feed.connections.map((c) => (
              <ConnectionCard
                key={c.id}
                connection={c}
                viewerId={user.id}
                now={now}
                onOpenChat={onOpenChat}
              />
            ))}
          </CardGrid>
        )}
        {message}
      </>
    );
  }

  return (
    <section className="connections" aria-labelledby="connections-title" aria-busy={feed.isPending}>
      <header className="connections__header">
        <h1 id="connections-title" className="connections__title">
          {t('page.title')}
        </h1>
        <fieldset className="view-toggle">
          <legend className="visually-hidden">{t('page.view')}</legend>
          {(['cards', 'grid'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className={clsx('view-toggle__option', view === option && 'is-active')}
              aria-pressed={view === option}
              onClick={() => setView(option)}
            >
              {t(option === 'cards' ? 'page.cards' : 'page.grid')}
            </button>
          ))}
        </fieldset>
      </header>
      {user ? <FirstConnectionNotice user={user} hasConnection={count > 0} /> : null}
      {body}
    </section>
  );
}
