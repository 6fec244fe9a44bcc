// GET /payouts/year-to-date: paid and pending this year, and the identity threshold.
import type { PayoutsYearToDate } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const yearToDateKey = ['payouts', 'year-to-date'] as const;

export function usePayoutsYearToDate() {
  return useQuery({
    queryKey: yearToDateKey,
    queryFn: () => api.get<PayoutsYearToDate>('/payouts/year-to-date'),
  });
}
