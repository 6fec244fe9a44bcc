// Lists of cards (Bid Board, Connections): the responsive card grid and the status line
// under it ('Loading more...', 'That's all...', failures).
import clsx from 'clsx';
import type { ReactNode } from 'react';
import './feed.css';

export function CardGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={clsx('card-grid', className)}>{children}</div>;
}

interface FeedMessageProps {
  children: ReactNode;
  error?: boolean;
  /** The list could not load at all: the message stands in for the page. */
  page?: boolean;
}

export function FeedMessage({ children, error = false, page = false }: FeedMessageProps) {
  return (
    <p
      className={clsx('feed-message', error && 'feed-message--error', page && 'feed-message--page')}
      role={error ? 'alert' : 'status'}
    >
      {children}
    </p>
  );
}
