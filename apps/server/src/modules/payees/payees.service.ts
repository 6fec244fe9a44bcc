// A member's payee profile (issue 43; product rules, Payouts): saved whole by its owner,
// the taxpayer id sealed before it reaches the database and never read back for them:
// every answer carries the masked id (last 4) only.
import {
  LEGAL,
  maskTaxpayerId,
  PAYEE_CERTIFICATION_VERSION,
  type PayeeIdentity,
  type PayeeIdentityBody,
  type PayeeIdentityResponse,
  type PayoutsStatement,
  taxpayerIdLast4,
} from '@bidboard/shared';
import type { Db } from '../../db/client';
import type { PayeeIdentityRow } from '../../db/payouts.schema';
import type { Clock } from '../../lib/context';
import { newYorkYearBounds } from '../../lib/new-york-date';
import type { PayeeIdCipher } from '../../lib/payee-id-cipher';
import type { SettingsDefaults } from '../settings/settings.service';
import {
  findPayeeIdentity,
  lockProfilesOnOldKeys,
  replaceSealedId,
  savePayeeIdentityRow,
} from './payees.repository';
import { paidInYear } from './payouts-year.repository';

export interface PayeesContext {
  db: Db;
  clock: Clock;
  config: SettingsDefaults;
  payeeIds: PayeeIdCipher;
}

export function presentPayeeIdentity(row: PayeeIdentityRow): PayeeIdentity {
  return {
    legal_name: row.legal_name,
    first_name: row.first_name,
    last_name: row.last_name,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    city: row.city,
    region: row.region,
    postal_code: row.postal_code,
    country: row.country,
    taxpayer_id_type: row.taxpayer_id_type,
    taxpayer_id_masked: maskTaxpayerId(row.taxpayer_id_type, row.taxpayer_id_last4),
    certified_at: row.certified_at.toISOString(),
    certification_version: row.certification_version,
    updated_at: row.updated_at.toISOString(),
  };
}

export async function readPayeeIdentity(
  ctx: PayeesContext,
  userId: number,
): Promise<PayeeIdentityResponse> {
  const row = await findPayeeIdentity(ctx.db, userId);
  return { success: true, payee: row ? presentPayeeIdentity(row) : null };
}

/** Saves the member's profile; the certification is dated now, as they ticked it. */
export async function savePayeeIdentity(
  ctx: PayeesContext,
  userId: number,
  body: PayeeIdentityBody,
): Promise<PayeeIdentityResponse> {
  const now = ctx.clock();
  const { taxpayer_id, certified: _, ...profile } = body;
  const sealed = ctx.payeeIds.seal(userId, taxpayer_id);
  const row = await savePayeeIdentityRow(
    ctx.db,
    {
      ...profile,
      user_id: userId,
      taxpayer_id_sealed: sealed.sealed,
      taxpayer_id_key: sealed.keyId,
      taxpayer_id_last4: taxpayerIdLast4(taxpayer_id),
      certified_at: now,
      certification_version: PAYEE_CERTIFICATION_VERSION,
    },
    now,
  );
  return { success: true, payee: presentPayeeIdentity(row) };
}

const ROTATE_BATCH = 200;

/**
 * Re-seals every taxpayer id with the first PAYEE_ID_KEYS key (a rotation's second step),
 * a batch per transaction; afterwards the old key can leave PAYEE_ID_KEYS. Only counts are
 * returned: the ids are opened and sealed again in memory, never shown.
 */
export async function resealPayeeIds(
  ctx: Pick<PayeesContext, 'db' | 'payeeIds'>,
): Promise<{ resealed: number }> {
  let resealed = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const rowsOnOldKeys = await lockProfilesOnOldKeys(
        tx,
        ctx.payeeIds.currentKeyId,
        ROTATE_BATCH,
      );
      for (const row of rowsOnOldKeys) {
        const id = ctx.payeeIds.open(row.user_id, {
          keyId: row.taxpayer_id_key,
          sealed: row.taxpayer_id_sealed,
        });
        await replaceSealedId(
          tx,
          row.user_id,
          row.taxpayer_id_sealed,
          ctx.payeeIds.seal(row.user_id, id),
        );
      }
      return rowsOnOldKeys.length;
    });
    resealed += batch;
    if (batch < ROTATE_BATCH) return { resealed };
  }
}

/**
 * The member's statement for a calendar year (New York): each payout paid with its fee, and
 * the totals, which together are what the US report says the member earned.
 */
export async function payoutsStatement(
  ctx: Pick<PayeesContext, 'db'>,
  userId: number,
  year: number,
): Promise<PayoutsStatement> {
  const [payments, payee] = await Promise.all([
    paidInYear(ctx.db, userId, newYorkYearBounds(year)),
    findPayeeIdentity(ctx.db, userId),
  ]);
  return {
    success: true,
    year,
    payer: LEGAL.operator,
    payee: payee ? presentPayeeIdentity(payee) : null,
    payments: payments.map((p) => ({
      id: p.id,
      paid_at: new Date(p.decided_at).toISOString(),
      amount_cents: p.amount_cents,
      fee_cents: p.fee_cents,
    })),
    total_cents: payments.reduce((sum, p) => sum + p.amount_cents, 0),
    fee_total_cents: payments.reduce((sum, p) => sum + p.fee_cents, 0),
  };
}
