// What operators read about payments: the errors members' browsers logged (§7
// log-payment-error) and the members flagged for review (a reversed purchase already
// spent, an unusually large day of card purchases).
import type { AdminPaymentReview, LogPaymentErrorBody, PaymentErrorType } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

export async function insertPaymentError(
  db: Executor,
  userId: number,
  body: LogPaymentErrorBody,
  now: Date,
): Promise<void> {
  const { errorType, paymentFlow, applicationError, ...details } = body;
  await db.execute(
    sql`INSERT INTO payment_errors (user_id, error_type, payment_flow, message, details, created_at)
        VALUES (${userId}, ${errorType}, ${paymentFlow ?? null}, ${applicationError?.message ?? null},
                ${JSON.stringify({ ...details, applicationError: applicationError ?? null })}::jsonb, ${now})`,
  );
}

interface ErrorRow {
  id: number;
  user_id: number | null;
  username: string | null;
  error_type: PaymentErrorType;
  payment_flow: string | null;
  message: string | null;
  details: Record<string, unknown>;
  created_at: Date | string;
}

export async function listPaymentErrors(
  db: Executor,
  query: { limit: number; offset: number; userId?: number },
) {
  const found = await rows<ErrorRow>(
    db,
    sql`SELECT e.id, e.user_id, u.username, e.error_type, e.payment_flow, e.message, e.details, e.created_at
          FROM payment_errors e LEFT JOIN users u ON u.id = e.user_id
         WHERE ${query.userId === undefined ? sql`TRUE` : sql`e.user_id = ${query.userId}`}
         ORDER BY e.id DESC
         LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  return found.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

interface ReviewRow extends Omit<AdminPaymentReview, 'created_at' | 'resolved_at'> {
  created_at: Date | string;
  resolved_at: Date | string | null;
}

const REVIEW_COLUMNS = sql`r.id, r.user_id, u.username, r.reason, p.transaction_id, r.amount_cents,
       r.tokens_owed, r.note, r.created_at, r.resolved_at, r.resolved_by`;

const presentReview = (r: ReviewRow): AdminPaymentReview => ({
  ...r,
  created_at: new Date(r.created_at).toISOString(),
  resolved_at: r.resolved_at ? new Date(r.resolved_at).toISOString() : null,
});

export async function listPaymentReviews(
  db: Executor,
  query: { limit: number; offset: number; open: boolean },
): Promise<AdminPaymentReview[]> {
  const found = await rows<ReviewRow>(
    db,
    sql`SELECT ${REVIEW_COLUMNS}
          FROM payment_reviews r
          JOIN users u ON u.id = r.user_id
          LEFT JOIN token_purchases p ON p.id = r.purchase_id
         WHERE ${query.open ? sql`r.resolved_at IS NULL` : sql`TRUE`}
         ORDER BY r.id DESC
         LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  return found.map(presentReview);
}

/** Closes an open review with the operator's note; null when there is no such open review. */
export async function resolvePaymentReview(
  db: Executor,
  input: { id: number; actorId: number; note: string; now: Date },
): Promise<AdminPaymentReview | null> {
  const [found] = await rows<ReviewRow>(
    db,
    sql`WITH resolved AS (
          UPDATE payment_reviews
             SET resolved_at = ${input.now}, resolved_by = ${input.actorId},
                 note = COALESCE(note || E'\n', '') || ${input.note}
           WHERE id = ${input.id} AND resolved_at IS NULL
          RETURNING *)
        SELECT ${REVIEW_COLUMNS}
          FROM resolved r
          JOIN users u ON u.id = r.user_id
          LEFT JOIN token_purchases p ON p.id = r.purchase_id`,
  );
  return found ? presentReview(found) : null;
}
