// The member's unread alert count for the menu dot and the bell, kept live: each
// 'new-alert' is added to the alerts cache as it arrives, and the list is read again when
// the connection is back after a drop (a close's alerts are not replayed to a reconnect).
import type { Alert } from '@bidboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useAfterReconnect } from '@/features/realtime';
import { getRealtimeSocket } from '@/lib/socket';
import { type AlertsState, alertsKey, useAlerts } from '../api/get-alerts';

export function useUnreadAlerts(signedIn: boolean): number {
  const queryClient = useQueryClient();
  const query = useAlerts(signedIn);
  const socket = getRealtimeSocket();

  useEffect(() => {
    if (!socket || !signedIn) return;
    const handleAlert = (incoming: Partial<Alert> & Pick<Alert, 'id'>) => {
      const alert = { readAt: null, ...incoming } as Alert;
      queryClient.setQueryData<AlertsState>(alertsKey, (state) => {
        if (!state) return { alerts: [alert], unread: alert.isRead ? 0 : 1 };
        if (state.alerts.some((a) => a.id === alert.id)) return state;
        return { alerts: [alert, ...state.alerts], unread: state.unread + (alert.isRead ? 0 : 1) };
      });
    };
    socket.on('new-alert', handleAlert);
    return () => {
      socket.off('new-alert', handleAlert);
    };
  }, [socket, signedIn, queryClient]);

  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: alertsKey }),
    [queryClient],
  );
  useAfterReconnect(refetch, signedIn);

  return query.data?.unread ?? 0;
}
