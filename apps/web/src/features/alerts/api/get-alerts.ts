// GET /alerts: the member's newest alerts and how many are unread (the menu dot and the
// bell). New alerts arrive live and are added to this same cache.
import { ALERTS_PAGE_SIZE, type Alert, type alertsResponse } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export const alertsKey = ['alerts'] as const;

export interface AlertsState {
  alerts: Alert[];
  unread: number;
}

export async function getAlerts(): Promise<AlertsState> {
  const body = await api.get<z.infer<typeof alertsResponse>>(`/alerts?limit=${ALERTS_PAGE_SIZE}`);
  return { alerts: body.alerts, unread: body.unread };
}

export function useAlerts(enabled: boolean) {
  return useQuery({ queryKey: alertsKey, queryFn: getAlerts, enabled });
}
