// GET /redemptions/quote?tokens=N: what N tokens are worth to this member right now, with
// the limits the server valued them with (multiplier, fee, campaign budget and the member's
// 30-day cap left), so the screen values every other amount the same way at once.
import type { CampaignLimits, RedemptionQuote } from '@bidboard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const redemptionQuoteKey = ['tokens', 'redemption-quote'] as const;

export function useRedemptionQuote(enabled: boolean, tokens: number) {
  return useQuery({
    queryKey: [...redemptionQuoteKey, tokens],
    queryFn: () => api.get<RedemptionQuote>(`/redemptions/quote?tokens=${tokens}`),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function quoteLimits(quote: RedemptionQuote): CampaignLimits {
  return {
    multiplier: quote.multiplier,
    feeCents: quote.fee_cents,
    budgetLeftCents: quote.budget_left_cents,
    memberLeftCents: quote.member_left_cents,
  };
}
