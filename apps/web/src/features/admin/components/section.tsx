// The frame of each console section: its heading, an optional intro, and its
// loading and error lines, so no section is ever silently empty.
import type { ReactNode } from 'react';
import { FeedMessage } from '@/components/ui/feed';
import { errorMessage } from '@/lib/api-client';

interface SectionProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

export function Section({ title, intro, children }: SectionProps) {
  return (
    <section className="admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title" className="admin-section__title">
        {title}
      </h2>
      {intro ? <p className="admin-section__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

/** Loading and failure of a query; renders `children` once there is data. */
export function QueryState({
  query,
  loading,
  children,
}: {
  query: { isPending: boolean; error: unknown };
  loading: string;
  children: ReactNode;
}) {
  if (query.error) {
    return (
      <FeedMessage error>
        {errorMessage(query.error, 'Could not load this. Try again.')}
      </FeedMessage>
    );
  }
  if (query.isPending) return <FeedMessage>{loading}</FeedMessage>;
  return <>{children}</>;
}

/** An action's failure, next to the button that ran it. */
export function ActionError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="admin-error" role="alert">
      {text}
    </p>
  );
}
