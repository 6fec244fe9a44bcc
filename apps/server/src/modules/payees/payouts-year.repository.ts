// SQL of what a member was paid in a year and of the identity hold (issue 43). Paid
// redemptions count in the year of their decision; pending ones are on their way.
import type { PayeeCountry } from '@bidboard/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/**
 * A redemption (`alias`: its table's name in the query) that waits for its member's payee
 * profile: the payout sender and an admin's 'paid' both skip it.
 */
export function awaitingPayeeProfile(alias: 'r' | 'redemptions'): SQL {
  const r = sql.raw(alias);
  return sql`(${r}.identity_required AND NOT EXISTS (
    SELECT 1 FROM payee_identities p WHERE p.user_id = ${r}.user_id))`;
}

export interface PayoutsInYear {
  paid_cents: number;
  payments: number;
  pending_cents: number;
}

export async function payoutsInYear(
  db: Executor,
  userId: number,
  year: { start: Date; end: Date },
): Promise<PayoutsInYear> {
  const paidInYear = sql`status = 'paid' AND decided_at >= ${year.start} AND decided_at < ${year.end}`;
  const [found] = await rows<PayoutsInYear>(
    db,
    sql`SELECT COALESCE(SUM(amount_cents) FILTER (WHERE ${paidInYear}), 0)::int AS paid_cents,
               COUNT(*) FILTER (WHERE ${paidInYear})::int AS payments,
               COALESCE(SUM(amount_cents) FILTER (WHERE status = 'pending'), 0)::int AS pending_cents
          FROM redemptions WHERE user_id = ${userId}`,
  );
  return found!;
}

/** The member's payee country: their payee profile's, or else their postal code's (or null). */
export async function payeeCountryOf(db: Executor, userId: number): Promise<PayeeCountry | null> {
  const [found] = await rows<{ country: string | null }>(
    db,
    sql`SELECT COALESCE(p.country, u.country) AS country
          FROM users u LEFT JOIN payee_identities p ON p.user_id = u.id
         WHERE u.id = ${userId}`,
  );
  const country = found?.country;
  return country === 'US' || country === 'CA' ? country : null;
}

export async function hasPayeeProfile(db: Executor, userId: number): Promise<boolean> {
  const found = await rows(db, sql`SELECT 1 FROM payee_identities WHERE user_id = ${userId}`);
  return found.length > 0;
}

export async function isAwaitingPayeeProfile(db: Executor, redemptionId: number): Promise<boolean> {
  const found = await rows(
    db,
    sql`SELECT 1 FROM redemptions WHERE id = ${redemptionId} AND ${awaitingPayeeProfile('redemptions')}`,
  );
  return found.length > 0;
}

/** The member's redemptions paid in the year, oldest first: their statement's lines. */
export async function paidInYear(
  db: Executor,
  userId: number,
  year: { start: Date; end: Date },
): Promise<{ id: number; decided_at: Date | string; amount_cents: number; fee_cents: number }[]> {
  return rows(
    db,
    sql`SELECT id, decided_at, amount_cents, fee_cents FROM redemptions
         WHERE user_id = ${userId} AND status = 'paid'
           AND decided_at >= ${year.start} AND decided_at < ${year.end}
         ORDER BY decided_at, id`,
  );
}
