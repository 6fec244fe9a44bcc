// GET /auctions/current-period: the open auction period (id and shared end time).
import type { currentPeriodResponse } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type CurrentPeriod = z.infer<typeof currentPeriodResponse>['period'];

export async function getCurrentPeriod(): Promise<CurrentPeriod> {
  const body = await api.get<z.infer<typeof currentPeriodResponse>>('/auctions/current-period');
  return body.period;
}

export function useCurrentPeriod() {
  return useQuery({ queryKey: ['auctions', 'current-period'], queryFn: getCurrentPeriod });
}
