// Referral rewards: signing up with a valid referrer gives each side REFERRAL_BONUS
// tokens (referral1 to the referrer, referral2 to the new member), exactly once. Each row
// names the other member (bid_target_id), so the history can say who joined through whom.
import { REFERRAL_BONUS } from '@bidboard/shared';
import type { Tx } from '../../db/client';
import { applyBalanceChange } from '../tokens/ledger';

export async function awardReferralBonus(
  tx: Tx,
  referrerId: number,
  referredId: number,
): Promise<{ awarded: boolean }> {
  const toReferred = await applyBalanceChange(tx, {
    userId: referredId,
    amount: REFERRAL_BONUS,
    type: 'referral2',
    bidTargetId: referrerId,
    referenceId: String(referrerId),
    idempotencyKey: `referral2:${referredId}`,
  });
  const toReferrer = await applyBalanceChange(tx, {
    userId: referrerId,
    amount: REFERRAL_BONUS,
    type: 'referral1',
    bidTargetId: referredId,
    referenceId: String(referredId),
    idempotencyKey: `referral1:${referredId}`,
  });
  return { awarded: Boolean(toReferred || toReferrer) };
}
