// How many of a reward's tokens are redeemable for cash, in plain words in the member's
// language: the shared rewardSplitText's cases (a connection's reward, a token history line).
import { formatTokens } from '@/lib/format';
import { economyText as t, useEconomyText } from './i18n';

/** In the language on screen; a component uses the hook, which draws again when it changes. */
export function rewardSplitText(tokens: number, redeemable: number): string {
  if (redeemable >= tokens) return t('split.all', { count: tokens });
  if (redeemable <= 0) return t('split.none', { count: tokens });
  return t('split.part', {
    redeemable,
    total: formatTokens(tokens),
    free: formatTokens(tokens - redeemable),
  });
}

export function useRewardSplitText(): typeof rewardSplitText {
  useEconomyText();
  return rewardSplitText;
}

/** The token screen's line about everything a member earned from winning bidders. */
export function useEarnedSplitText(): (earned: number, redeemable: number) => string {
  const t = useEconomyText();
  return (earned, redeemable) =>
    earned <= 0
      ? t('earned.none')
      : t('earned.some', { earned, redeemable: formatTokens(redeemable) });
}
