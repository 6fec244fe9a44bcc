// The operator's view of the economy: the totals, and what is owed now valued with today's
// multiplier and payout fee (a redeemable token is a promise of cash at that rate).
import { redemptionPayoutCents } from '@bidboard/shared';
import type { Executor } from '../../db/client';
import { loadSettings, type SettingsDefaults } from '../settings/settings.service';
import { economyTotals } from './economy.repository';

export async function economyReport(db: Executor, config: SettingsDefaults) {
  const [totals, settings] = await Promise.all([economyTotals(db), loadSettings(db, config)]);
  const redeemableValueCents = redemptionPayoutCents(
    totals.redeemableTokens,
    settings.token_redemption_multiplier,
    0,
  );
  return {
    ...totals,
    redeemableValueCents,
    owedNowCents: totals.pendingRedemptionCents + redeemableValueCents,
  };
}
