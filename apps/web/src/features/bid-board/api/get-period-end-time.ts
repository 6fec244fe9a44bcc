// GET /auctions/period/{periodId}/end_time: the loaded period's end instant as stored now.
// An early close moves it forward, and without a realtime connection (visitors, a dropped
// socket) neither a countdown sync nor a period-change event says so: the board re-reads
// it every minute then, so the countdown still reaches 'Auction ended' and reloads.
import type { periodEndTimeResponse } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { CurrentPeriod } from './get-current-period';

export const END_TIME_REFRESH_MS = 60_000;

export async function getPeriodEndTime(periodId: number): Promise<string> {
  const body = await api.get<z.infer<typeof periodEndTimeResponse>>(
    `/auctions/period/${periodId}/end_time`,
  );
  return body.end_time;
}

/** The period's end time, starting from the one loaded with it; re-read only while `poll`. */
export function usePeriodEndTime(period: CurrentPeriod | undefined, poll: boolean) {
  return useQuery({
    queryKey: ['auctions', 'period', period?.id, 'end-time'],
    queryFn: () => getPeriodEndTime(period!.id),
    enabled: period !== undefined && poll,
    initialData: period?.end_time,
    staleTime: END_TIME_REFRESH_MS,
    refetchInterval: END_TIME_REFRESH_MS,
  });
}
