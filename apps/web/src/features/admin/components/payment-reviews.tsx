// Purchases to review: a refund or chargeback whose tokens were already spent, or a large
// card spend. The admin settles it outside the app, then resolves it with a note.
import type { AdminPaymentReview } from '@bidboard/shared';
import { formatTokens } from '@/lib/format';
import { resolvePaymentReview, usePaymentReviews } from '../api/payouts';
import { useAdminAction } from '../api/use-admin-action';
import { formatCents, formatWhen } from '../lib/format';
import { ReasonForm } from './reason-form';
import { QueryState } from './section';

const REASONS: Record<AdminPaymentReview['reason'], string> = {
  refund: 'Refunded after the tokens were spent',
  chargeback: 'Charged back after the tokens were spent',
  void: 'Voided after the tokens were spent',
  high_value: 'Large card spend',
};

function ReviewRow({ review }: { review: AdminPaymentReview }) {
  const resolve = useAdminAction((note: string) => resolvePaymentReview(review.id, note));
  return (
    <li className="admin-card">
      <p className="admin-card__title">
        {review.username ?? `Member ${review.user_id}`}: {REASONS[review.reason]}
      </p>
      <p className="admin-card__meta">
        {formatCents(review.amount_cents)}
        {review.tokens_owed ? ` · ${formatTokens(review.tokens_owed)} tokens owed` : ''} ·{' '}
        {formatWhen(review.created_at)}
        {review.note ? ` · ${review.note}` : ''}
      </p>
      <ReasonForm
        label="What was done (kept with the review)"
        submitLabel="Resolve"
        busy={resolve.isPending}
        error={resolve.errorText}
        onSubmit={(note) => resolve.mutate(note)}
      />
    </li>
  );
}

export function PaymentReviews() {
  const query = usePaymentReviews();
  const reviews = query.data?.reviews ?? [];
  return (
    <>
      <h3 className="admin-subtitle">Purchases to review</h3>
      <QueryState query={query} loading="Loading purchases to review…">
        {reviews.length ? (
          <ul className="admin-list">
            {reviews.map((review) => (
              <ReviewRow key={review.id} review={review} />
            ))}
          </ul>
        ) : (
          <p className="admin-empty">No purchase needs a review.</p>
        )}
      </QueryState>
    </>
  );
}
