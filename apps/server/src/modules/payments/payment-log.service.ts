// The payment log the admin console reads: errors members hit at the payment form and
// members flagged for review. Resolving a review and its audit row are one transaction.
import { type AdminPaymentReview, PAYMENT_MESSAGES } from '@bidboard/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { recordAdminAction } from '../audit';
import { resolvePaymentReview } from './payment-log.repository';

export {
  insertPaymentError,
  listPaymentErrors,
  listPaymentReviews,
} from './payment-log.repository';

export async function resolvePaymentReviewAsAdmin(
  db: Db,
  input: { id: number; adminId: number; note: string; now: Date },
): Promise<AdminPaymentReview> {
  return db.transaction(async (tx) => {
    const resolved = await resolvePaymentReview(tx, {
      id: input.id,
      actorId: input.adminId,
      note: input.note,
      now: input.now,
    });
    if (!resolved) throw notFound(PAYMENT_MESSAGES.reviewNotFound);
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: 'payment_review.resolve',
      targetType: 'payment_review',
      targetId: resolved.id,
      before: { resolved: false },
      after: { resolved: true, note: input.note },
    });
    return resolved;
  });
}
