// The review queue: every pending photo and verification video, riskiest first (issue 23).
import { useReviewQueue } from '../api/review';
import { MediaCard } from './media-card';
import { QueryState, Section } from './section';

export function ReviewSection() {
  const query = useReviewQueue();
  const items = query.data?.items ?? [];
  return (
    <Section
      title="Review queue"
      intro="Photos and verification videos waiting for a decision, riskiest first. Only an approved photo with a face can be in slot 1: rejecting a slot 1 photo moves the member's first such photo there."
    >
      <QueryState query={query} loading="Loading the queue…">
        {items.length ? (
          <ul className="admin-media-grid">
            {items.map((item) => (
              <MediaCard key={`${item.kind}-${item.id}`} item={item} showOwner />
            ))}
          </ul>
        ) : (
          <p className="admin-empty">Nothing is waiting for review.</p>
        )}
      </QueryState>
    </Section>
  );
}
