// GET /redemptions/quote?tokens=N: what N tokens are worth to this member right now, with
// the limits the server valued them with (multiplier, fee, and what the campaign can still
// add for this member), so the screen values every other amount the same way at once.
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
    // The member is told their own campaign room, not the budget: the room limits the value
    // on its own, and the budget only says whether it is spent (the screen's note says why
    // nothing is left).
    budgetLeftCents: quote.budget_spent ? 0 : Number.POSITIVE_INFINITY,
    memberLeftCents: quote.campaign_left_cents,
  };
}
