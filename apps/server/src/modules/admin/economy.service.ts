// The operator's view of the economy (product rules, The token economy): the totals, the
// campaign's budget, and what is owed now valued at today's rate (a redeemable token is a
// promise of cash: one cent at the base rate, plus the campaign's extra while its budget
// lasts). One source for `npm run admin -- economy` and the console's Economy page.
import { redemptionValue } from '@bidboard/shared';
import type { Executor } from '../../db/client';
import { campaignLimits } from '../redemptions/redemption-value';
import { loadSettings, type SettingsDefaults } from '../settings/settings.service';
import { economyTotals } from './economy.repository';

export async function economyReport(db: Executor, config: SettingsDefaults, now: Date) {
  const settings = await loadSettings(db, config);
  const [totals, limits] = await Promise.all([
    economyTotals(db),
    campaignLimits(db, settings, null, now),
  ]);
  // Every redeemable token at once, fee aside (it is taken per redemption), with the whole
  // budget left but no member's cap: the most the business could owe for them today.
  const redeemableValueCents = redemptionValue(totals.redeemableTokens, {
    ...limits,
    feeCents: 0,
    memberLeftCents: limits.budgetLeftCents,
  }).amountCents;
  return {
    ...totals,
    redeemableValueCents,
    owedNowCents: totals.pendingRedemptionCents + redeemableValueCents,
    campaign: {
      multiplier: settings.token_redemption_multiplier,
      budgetCents: settings.redemption_campaign_budget_cents,
      memberCapCents: settings.redemption_campaign_member_cap_cents,
      budgetLeftCents: limits.budgetLeftCents,
    },
  };
}
