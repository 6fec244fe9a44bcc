// Token bundles as an operator edits them, under the bundle floor (product rules, The token
// economy): no bundle may sell a token for less than it pays out at the base rate, so a
// bundle change and a payout-fee change are both checked against it. Both take the same
// advisory lock as the settings, so a fee change and a price change cannot each pass alone.
import {
  type AdminBundle,
  type AdminBundleUpdateBody,
  bundleFloorViolation,
  PAYMENT_MESSAGES,
} from '@bidboard/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { recordAdminAction } from '../audit';
import { loadSettings, lockSettings } from '../settings/settings.service';
import { lockBundle, saveBundle } from './bundles.repository';

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
    const before = await lockBundle(tx, id);
    if (!before) throw notFound(PAYMENT_MESSAGES.bundleNotFound);
    const after = { ...before, ...change };
    const { payout_fee_cents } = await loadSettings(tx, config);
    const problem = after.is_active ? bundleFloorViolation(after, payout_fee_cents) : null;
    if (problem) throw badRequest('BUNDLE_BELOW_FLOOR', problem);
    const saved = await saveBundle(tx, id, after);
    await recordAdminAction(tx, {
      adminId: actorId,
      action: 'bundle.update',
      targetType: 'bundle',
      targetId: id,
      before,
      after: saved,
    });
    return saved;
  });
}

/** Every bundle, inactive ones too, as stored. */
export { listBundles } from './bundles.repository';
