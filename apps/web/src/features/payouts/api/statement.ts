// GET /payouts/statement?year=: the member's statement of what was paid in a year.
import type { PayoutsStatement } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function usePayoutsStatement(year: number, enabled: boolean) {
  return useQuery({
    queryKey: ['payouts', 'statement', year],
    queryFn: () => api.get<PayoutsStatement>(`/payouts/statement?year=${year}`),
    enabled,
  });
}
