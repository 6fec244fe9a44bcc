// DELETE /alerts/{id}: the alert leaves the list at once when the server confirms.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AlertsState } from './get-alerts';
import { alertsKey } from './get-alerts';

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>(`/alerts/${id}`),
    onSuccess: (_result, id) =>
      queryClient.setQueryData<AlertsState>(alertsKey, (state) => {
        if (!state) return state;
        const removed = state.alerts.find((a) => a.id === id);
        return {
          alerts: state.alerts.filter((a) => a.id !== id),
          unread: Math.max(0, state.unread - (removed && !removed.isRead ? 1 : 0)),
        };
      }),
  });
}
