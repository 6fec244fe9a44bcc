// The payout sender's SQL: claiming pending redemptions for sending and recording what the
// provider answered. Every write is guarded on the redemption still being pending.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { RedemptionRow } from '../../db/payments.schema';
import { awaitingPayeeProfile } from '../payees/payouts-year.repository';
import { notAwaitingReview } from './risk-review.repository';

/**
 * Claims (submitted_at) up to `limit` pending redemptions of the provider not sent yet, or
 * whose claim is older than `resendBefore`; only `redemptionId` when given. SKIP LOCKED: a
 * redemption another sender or a decision holds is left to the next sweep.
 */
export async function claimUnsentPayouts(
  db: Executor,
  input: {
    provider: string;
    now: Date;
    resendBefore: Date;
    limit: number;
    redemptionId?: number;
  },
): Promise<RedemptionRow[]> {
  const { now } = input;
  const only = input.redemptionId === undefined ? sql`TRUE` : sql`id = ${input.redemptionId}`;
  return rows<RedemptionRow>(
    db,
    sql`UPDATE redemptions SET submitted_at = ${now}, updated_at = ${now}
         WHERE id IN (
           SELECT id FROM redemptions
            WHERE status = 'pending' AND provider = ${input.provider}
              AND provider <> 'manual' AND payout_batch_id IS NULL AND ${notAwaitingReview}
              AND NOT ${awaitingPayeeProfile('redemptions')}
              AND (submitted_at IS NULL OR submitted_at < ${input.resendBefore})
              AND ${only}
            ORDER BY id
            LIMIT ${input.limit}
              FOR UPDATE SKIP LOCKED)
        RETURNING *`,
  );
}

/** Keeps the first batch id the provider gave: a resend must not replace it. */
export async function recordPayoutSent(
  db: Executor,
  redemptionId: number,
  sent: { batchId: string; status: string; now: Date },
): Promise<void> {
  await db.execute(
    sql`UPDATE redemptions
           SET payout_batch_id = COALESCE(payout_batch_id, ${sent.batchId}),
               payout_status = ${sent.status}, updated_at = ${sent.now}
         WHERE id = ${redemptionId} AND status = 'pending'`,
  );
}

/** Marks a send that failed, unless a batch id shows an earlier send got through. */
export async function recordPayoutSendFailed(
  db: Executor,
  redemptionId: number,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE redemptions
           SET payout_status = 'SEND_FAILED', updated_at = ${now}
         WHERE id = ${redemptionId} AND status = 'pending' AND payout_batch_id IS NULL`,
  );
}

/** The status of a redemption paid through `provider`, or null when there is none. */
export async function providerRedemptionStatus(
  db: Executor,
  redemptionId: number,
  provider: string,
): Promise<string | null> {
  const [redemption] = await rows<{ status: string }>(
    db,
    sql`SELECT status FROM redemptions WHERE id = ${redemptionId} AND provider = ${provider}`,
  );
  return redemption?.status ?? null;
}
