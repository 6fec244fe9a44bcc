// PUT /alerts/mark-unread-as-read {alertIds}: the panel marks what it showed unread.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type AlertsState, alertsKey } from './get-alerts';

export function useMarkAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertIds: number[]) =>
      api.put<{ updated: number }>('/alerts/mark-unread-as-read', { alertIds }),
    onSuccess: (_result, alertIds) =>
      queryClient.setQueryData<AlertsState>(alertsKey, (state) => {
        if (!state) return state;
        const marked = new Set(alertIds);
        const readAt = new Date().toISOString();
        const alerts = state.alerts.map((a) =>
          marked.has(a.id) && !a.isRead ? { ...a, isRead: true, readAt } : a,
        );
        return { alerts, unread: Math.max(0, state.unread - alertIds.length) };
      }),
  });
}
