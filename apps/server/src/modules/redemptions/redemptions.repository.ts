// Redemptions: the request's row, its one decision, and how members and admins see them.
import type { AdminRedemption, PayeeCountry, RedemptionStatus } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { RedemptionRow } from '../../db/payments.schema';
import { presentRisk, type ReviewRow } from './risk-review.repository';

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentRedemption(row: RedemptionRow, heldForIdentity: boolean) {
  return {
    id: row.id,
    token_amount: row.token_amount,
    amount_cents: row.amount_cents,
    campaign_cents: row.campaign_cents,
    fee_cents: row.fee_cents,
    multiplier: Number(row.multiplier),
    paypal_email: row.paypal_email,
    status: row.status,
    reason: row.reason,
    created_at: iso(row.created_at),
    awaiting_payee_profile: heldForIdentity,
  };
}

type AdminRow = RedemptionRow & {
  username: string | null;
  review: ReviewRow | null;
  payee_profile_complete: boolean;
};

function presentAdmin(row: AdminRow): AdminRedemption {
  return {
    ...presentRedemption(row, row.identity_required && !row.payee_profile_complete),
    user_id: row.user_id,
    username: row.username,
    provider: row.provider,
    payout_status: row.payout_status,
    payout_batch_id: row.payout_batch_id,
    decided_by: row.decided_by,
    decided_at: row.decided_at ? iso(row.decided_at) : null,
    updated_at: iso(row.updated_at),
    risk: row.review ? presentRisk(row.review) : null,
    payee_profile_complete: row.payee_profile_complete,
  };
}

/** The admin's view of a redemption: its member and its risk review (never a member's). */
const adminSelect = sql`SELECT r.*, u.username,
         CASE WHEN v.redemption_id IS NULL THEN NULL ELSE to_jsonb(v) END AS review,
         EXISTS (SELECT 1 FROM payee_identities p WHERE p.user_id = r.user_id)
           AS payee_profile_complete
    FROM redemptions r JOIN users u ON u.id = r.user_id
    LEFT JOIN redemption_reviews v ON v.redemption_id = r.id`;

/**
 * Pending requests riskiest first, then oldest first (the payout queue); decided ones
 * newest first.
 */
export async function listRedemptions(
  db: Executor,
  query: { status?: RedemptionStatus; limit: number; offset: number },
): Promise<AdminRedemption[]> {
  const found = await rows<AdminRow>(
    db,
    sql`${adminSelect}
         WHERE ${query.status ? sql`r.status = ${query.status}` : sql`TRUE`}
         ORDER BY ${query.status === 'pending' ? sql`COALESCE(v.score, 0) DESC, r.id ASC` : sql`r.id DESC`}
         LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  return found.map(presentAdmin);
}

export async function findAdminRedemption(
  db: Executor,
  id: number,
): Promise<AdminRedemption | null> {
  const [row] = await rows<AdminRow>(db, sql`${adminSelect} WHERE r.id = ${id}`);
  return row ? presentAdmin(row) : null;
}

/** Takes the redeeming member's row lock (FOR UPDATE) for the rest of the transaction. */
export async function lockRedeemer(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
}

export async function insertRedemption(
  tx: Executor,
  input: {
    userId: number;
    tokens: number;
    multiplier: number;
    feeCents: number;
    amountCents: number;
    campaignCents: number;
    paypalEmail: string;
    provider: string;
    identityRequired: boolean;
    payeeCountry: PayeeCountry | null;
    now: Date;
  },
): Promise<RedemptionRow> {
  const [created] = await rows<RedemptionRow>(
    tx,
    sql`INSERT INTO redemptions
          (user_id, token_amount, multiplier, fee_cents, amount_cents, campaign_cents,
           paypal_email, provider, identity_required, payee_country, created_at, updated_at)
        VALUES (${input.userId}, ${input.tokens}, ${input.multiplier}, ${input.feeCents},
                ${input.amountCents}, ${input.campaignCents},
                ${input.paypalEmail}, ${input.provider}, ${input.identityRequired},
                ${input.payeeCountry},
                ${input.now}, ${input.now})
        RETURNING *`,
  );
  return created!;
}

/**
 * Decides a redemption that is still pending; null when it is not (or does not exist). With
 * `byAdmin`, only one not sent to the payout provider yet. A deleted member's PayPal email
 * was kept only to pay what they were owed: it is erased with the decision.
 */
export async function decidePendingRedemption(
  tx: Executor,
  id: number,
  decision: {
    status: 'paid' | 'failed';
    reason: string | null;
    decidedBy: number | null;
    byAdmin: boolean;
    payoutStatus: string | null;
    payoutItemId: string | null;
    now: Date;
  },
): Promise<RedemptionRow | null> {
  const { now } = decision;
  const [row] = await rows<RedemptionRow>(
    tx,
    sql`UPDATE redemptions
           SET status = ${decision.status}, reason = ${decision.reason},
               decided_by = ${decision.decidedBy}, decided_at = ${now}, updated_at = ${now},
               payout_status = COALESCE(${decision.payoutStatus}, payout_status),
               payout_item_id = COALESCE(${decision.payoutItemId}, payout_item_id),
               paypal_email = CASE WHEN EXISTS (SELECT 1 FROM users u
                                                 WHERE u.id = redemptions.user_id
                                                   AND u.deleted_at IS NOT NULL)
                                   THEN '' ELSE paypal_email END
         WHERE id = ${id} AND status = 'pending'
           AND ${decision.byAdmin ? sql`submitted_at IS NULL` : sql`TRUE`}
        RETURNING *`,
  );
  return row ?? null;
}

/** A redemption's status, or null when there is none with this id. */
export async function redemptionStatus(db: Executor, id: number): Promise<string | null> {
  const [found] = await rows<{ status: string }>(
    db,
    sql`SELECT status FROM redemptions WHERE id = ${id}`,
  );
  return found?.status ?? null;
}

/** Records a payout's provider status on a redemption still pending; false when it is not. */
export async function notePendingPayoutStatus(
  db: Executor,
  id: number,
  update: { status: string; itemId: string | null; now: Date },
): Promise<boolean> {
  const updated = await rows(
    db,
    sql`UPDATE redemptions
           SET payout_status = ${update.status}, payout_item_id = COALESCE(${update.itemId}, payout_item_id),
               updated_at = ${update.now}
         WHERE id = ${id} AND status = 'pending'
        RETURNING 1`,
  );
  return updated.length > 0;
}
