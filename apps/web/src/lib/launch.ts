// The launch instant that switches prelaunch mode off (product rules 'Prelaunch'). The
// server publishes its LAUNCH_AT at /api/config/app; until that answers, the shared
// default stands in.
import { type AppConfig, DEFAULT_LAUNCH_AT, isPrelaunch } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const LAUNCH_AT = DEFAULT_LAUNCH_AT;

export function isPrelaunchNow(now: Date = new Date(), launchAt: string = LAUNCH_AT): boolean {
  return isPrelaunch(launchAt, now);
}

/** The server's launch instant (cached for the session). */
export function useLaunchAt(): string {
  const { data } = useQuery({
    queryKey: ['app-config'],
    queryFn: () => api.get<AppConfig>('/config/app'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  return data?.launchAt ?? LAUNCH_AT;
}
