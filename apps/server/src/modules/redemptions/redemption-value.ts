// The dollar value of a redemption (product rules, The token economy): the base rate from
// cash taken in, and the campaign's extra from its budget, as far as the budget and the
// member's 30-day cap reach. The request values it under the campaign lock; the quote the
// redemption screen shows reads the same figures without it.
import {
  type BusinessSettings,
  type CampaignLimits,
  type RedemptionQuote,
  type RedemptionValue,
  redemptionValue,
} from '@bidboard/shared';
import type { Executor } from '../../db/client';
import { loadSettings, type SettingsDefaults } from '../settings/settings.service';
import { campaignSpent, lockCampaign } from './campaign.repository';

/** A campaign runs while the multiplier is above 1 and its budget is not spent. */
const campaignRuns = (settings: BusinessSettings) =>
  settings.token_redemption_multiplier > 1 && settings.redemption_campaign_budget_cents > 0;

export async function campaignLimits(
  db: Executor,
  settings: BusinessSettings,
  userId: number | null,
  now: Date,
): Promise<CampaignLimits> {
  const base = {
    multiplier: settings.token_redemption_multiplier,
    feeCents: settings.payout_fee_cents,
  };
  if (!campaignRuns(settings)) return { ...base, budgetLeftCents: 0, memberLeftCents: 0 };
  const spent = await campaignSpent(db, userId, now);
  return {
    ...base,
    budgetLeftCents: Math.max(0, settings.redemption_campaign_budget_cents - spent.spentCents),
    memberLeftCents: Math.max(
      0,
      settings.redemption_campaign_member_cap_cents - spent.memberSpentCents,
    ),
  };
}

/** The multiplier the pitch and the screens name: the campaign's only while budget is left. */
export async function multiplierInEffect(db: Executor, settings: BusinessSettings, now: Date) {
  const limits = await campaignLimits(db, settings, null, now);
  return limits.budgetLeftCents > 0 ? limits.multiplier : 1;
}

/**
 * Values a redemption being requested, inside its transaction: the campaign lock is held
 * until it commits, and the row it inserts carries the campaign part that the next request
 * then sees as spent.
 */
export async function valueRedemption(
  tx: Executor,
  settings: BusinessSettings,
  userId: number,
  tokens: number,
  now: Date,
): Promise<RedemptionValue> {
  if (campaignRuns(settings)) await lockCampaign(tx);
  return redemptionValue(tokens, await campaignLimits(tx, settings, userId, now));
}

/**
 * GET /redemptions/quote: what `tokens` are worth to this member now, and the limits used,
 * as far as they are this member's own: what the campaign can still add for them, never
 * the budget left for everyone.
 */
export async function quoteRedemption(
  db: Executor,
  config: SettingsDefaults,
  userId: number,
  tokens: number,
  now: Date,
): Promise<RedemptionQuote> {
  const settings = await loadSettings(db, config);
  const limits = await campaignLimits(db, settings, userId, now);
  const value = redemptionValue(tokens, limits);
  return {
    success: true,
    tokens,
    base_cents: value.baseCents,
    campaign_cents: value.campaignCents,
    amount_cents: value.amountCents,
    multiplier: limits.multiplier,
    fee_cents: limits.feeCents,
    campaign_left_cents: Math.min(limits.budgetLeftCents, limits.memberLeftCents),
    budget_spent: campaignRuns(settings) && limits.budgetLeftCents <= 0,
  };
}
