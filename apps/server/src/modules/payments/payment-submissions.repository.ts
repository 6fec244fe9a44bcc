// SQL of payment submissions: one row per transaction a member confirmed, whose lease
// lets a single request at a time ask the processor about it.
import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';

/** Serialises one member's confirmations, so the rapid-submission check holds. */
export async function lockSubmissionsOf(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('payment-submissions'), ${userId})`);
}

/** Whether the member submitted a different transaction since `since`. */
export async function submittedOtherSince(
  tx: Tx,
  submission: { userId: number; provider: string; transactionId: string },
  since: Date,
): Promise<boolean> {
  const recent = await rows(
    tx,
    sql`SELECT 1 FROM payment_submissions
         WHERE user_id = ${submission.userId}
           AND NOT (provider = ${submission.provider} AND transaction_id = ${submission.transactionId})
           AND submitted_at > ${since}
         LIMIT 1`,
  );
  return recent.length > 0;
}

/** Takes the transaction's lease unless another request holds it; whether it was taken. */
export async function claimLease(
  tx: Tx,
  submission: { userId: number; provider: string; transactionId: string },
  now: Date,
  leaseUntil: Date,
): Promise<boolean> {
  const claimed = await rows(
    tx,
    sql`INSERT INTO payment_submissions (provider, transaction_id, user_id, submitted_at, lease_until)
        VALUES (${submission.provider}, ${submission.transactionId}, ${submission.userId}, ${now}, ${leaseUntil})
        ON CONFLICT (provider, transaction_id) DO UPDATE
           SET user_id = EXCLUDED.user_id, submitted_at = EXCLUDED.submitted_at,
               lease_until = EXCLUDED.lease_until
         WHERE payment_submissions.lease_until <= ${now}
        RETURNING 1`,
  );
  return claimed.length > 0;
}

/** The member whose request holds the transaction's lease. */
export async function leaseHolder(
  tx: Tx,
  provider: string,
  transactionId: string,
): Promise<{ user_id: number } | null> {
  const [holder] = await rows<{ user_id: number }>(
    tx,
    sql`SELECT user_id FROM payment_submissions
         WHERE provider = ${provider} AND transaction_id = ${transactionId}`,
  );
  return holder ?? null;
}

/** Ends the lease at `now`, so the next request may ask the processor. */
export async function releaseLease(
  db: Executor,
  provider: string,
  transactionId: string,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE payment_submissions SET lease_until = ${now}
         WHERE provider = ${provider} AND transaction_id = ${transactionId}`,
  );
}
