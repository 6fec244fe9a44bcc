// SQL of payee profiles: one row per member, replaced whole when they save it again.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type PayeeIdentityRow, payeeIdentities } from '../../db/payouts.schema';

export async function findPayeeIdentity(
  db: Executor,
  userId: number,
): Promise<PayeeIdentityRow | null> {
  const [row] = await db.select().from(payeeIdentities).where(eq(payeeIdentities.user_id, userId));
  return row ?? null;
}

/** What the member saves: the tax record's copies (birth_date, payout_accounts) are set on deletion. */
export type PayeeIdentityValues = Omit<
  PayeeIdentityRow,
  'created_at' | 'updated_at' | 'birth_date' | 'payout_accounts'
>;

export async function savePayeeIdentityRow(
  db: Executor,
  values: PayeeIdentityValues,
  now: Date,
): Promise<PayeeIdentityRow> {
  const { user_id: _, ...changes } = values;
  const [row] = await db
    .insert(payeeIdentities)
    .values({ ...values, created_at: now, updated_at: now })
    .onConflictDoUpdate({ target: payeeIdentities.user_id, set: { ...changes, updated_at: now } })
    .returning();
  return row!;
}

/** A batch of profiles sealed with another key than `currentKeyId`, locked for re-sealing. */
export async function lockProfilesOnOldKeys(db: Executor, currentKeyId: string, limit: number) {
  return db
    .select({
      user_id: payeeIdentities.user_id,
      taxpayer_id_key: payeeIdentities.taxpayer_id_key,
      taxpayer_id_sealed: payeeIdentities.taxpayer_id_sealed,
    })
    .from(payeeIdentities)
    .where(ne(payeeIdentities.taxpayer_id_key, currentKeyId))
    .orderBy(payeeIdentities.user_id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Replaces a sealed id, unless the member saved a new profile since it was read. */
export async function replaceSealedId(
  db: Executor,
  userId: number,
  from: string,
  to: { keyId: string; sealed: string },
): Promise<void> {
  await db
    .update(payeeIdentities)
    .set({ taxpayer_id_key: to.keyId, taxpayer_id_sealed: to.sealed })
    .where(and(eq(payeeIdentities.user_id, userId), eq(payeeIdentities.taxpayer_id_sealed, from)));
}

/**
 * At account deletion: the payee profile goes at once unless it is a tax record (a payout
 * was paid to the member) or a payout is still on its way; the retention sweep deletes the
 * kept ones when the law's period ends.
 */
/**
 * Before account deletion erases the member: a Canadian payee profile that stays as a tax
 * record keeps what Part XX needs and the member's rows lose, the date of birth (of an
 * individual, SIN) and the PayPal addresses paid or being paid. Nothing for the US, whose
 * 1099-NEC asks for neither.
 */
export async function keepPayeeRecordFields(db: Executor, userId: number): Promise<void> {
  await db.execute(
    sql`UPDATE payee_identities p
           SET birth_date = CASE WHEN p.taxpayer_id_type = 'sin' THEN u.birth_date END,
               payout_accounts = (
                 SELECT array_agg(DISTINCT r.paypal_email ORDER BY r.paypal_email)
                   FROM redemptions r
                  WHERE r.user_id = p.user_id AND r.status IN ('paid', 'pending')
                    AND r.paypal_email <> '')
          FROM users u
         WHERE u.id = p.user_id AND p.user_id = ${userId} AND p.country = 'CA'`,
  );
}

export async function deletePayeeIdentityUnlessPaid(db: Executor, userId: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM payee_identities WHERE user_id = ${userId}
          AND NOT EXISTS (SELECT 1 FROM redemptions
                           WHERE user_id = ${userId} AND status IN ('paid', 'pending'))`,
  );
}
