// Token bundles as an operator edits them, under the bundle floor (product rules, The token
// economy): no bundle may sell a token for less than it pays out at the base rate, so a
// bundle change and a payout-fee change are both checked against it. Both take the same
// advisory lock as the settings, so a fee change and a price change cannot each pass alone.
import {
  type AdminBundle,
  type AdminBundleUpdateBody,
  bundleFloorViolation,
} from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Db, type Executor, rows } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { recordAdminAction } from '../audit';
import { loadSettings, lockSettings } from '../settings/settings.service';

const COLUMNS = sql`id, name, token_qty, cost_cents, description, is_active, sort_order`;

export function listBundles(db: Executor): Promise<AdminBundle[]> {
  return rows<AdminBundle>(db, sql`SELECT ${COLUMNS} FROM token_bundles ORDER BY sort_order, id`);
}

export async function updateBundle(
  db: Db,
  config: Pick<
    Config,
    'DAILY_CLAIM_AMOUNT' | 'MINIMUM_REDEEMABLE_THRESHOLD' | 'TOKEN_REDEMPTION_MULTIPLIER'
  >,
  id: number,
  change: AdminBundleUpdateBody,
  actorId: number | null,
): Promise<AdminBundle> {
  return db.transaction(async (tx) => {
    await lockSettings(tx);
    const [before] = await rows<AdminBundle>(
      tx,
      sql`SELECT ${COLUMNS} FROM token_bundles WHERE id = ${id} FOR UPDATE`,
    );
    if (!before) throw notFound('Bundle not found');
    const after = { ...before, ...change };
    const { payout_fee_cents } = await loadSettings(tx, config);
    const problem = after.is_active ? bundleFloorViolation(after, payout_fee_cents) : null;
    if (problem) throw badRequest('BUNDLE_BELOW_FLOOR', problem);
    const [saved] = await rows<AdminBundle>(
      tx,
      sql`UPDATE token_bundles
             SET name = ${after.name}, token_qty = ${after.token_qty}, cost_cents = ${after.cost_cents},
                 description = ${after.description}, is_active = ${after.is_active},
                 sort_order = ${after.sort_order}, updated_at = now()
           WHERE id = ${id}
       RETURNING ${COLUMNS}`,
    );
    await recordAdminAction(tx, {
      adminId: actorId,
      action: 'bundle.update',
      targetType: 'bundle',
      targetId: id,
      before,
      after: saved!,
    });
    return saved!;
  });
}
