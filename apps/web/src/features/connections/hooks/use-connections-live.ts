// Live updates without a reload (marketplace §4 Connection status): any connection event
// addressed to this member, the alerts that announce new connections, and the connection
// coming back after a drop refetch the list.
import { CONNECTION_EVENTS } from '@bidboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useAfterReconnect } from '@/features/realtime';
import { getRealtimeSocket } from '@/lib/socket';
import { connectionsKey } from './use-connection-feed';

const CONNECTION_ALERT_KINDS = new Set(['auction_won', 'winning_bidder_connection_pending']);

export function useConnectionsLive(): void {
  const queryClient = useQueryClient();
  const socket = getRealtimeSocket();

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: connectionsKey }),
    [queryClient],
  );
  useAfterReconnect(refresh);

  useEffect(() => {
    if (!socket) return;
    const handleAlert = (alert: { kind: string }) => {
      if (CONNECTION_ALERT_KINDS.has(alert.kind)) refresh();
    };
    for (const name of CONNECTION_EVENTS) socket.on(name, refresh);
    socket.on('new-alert', handleAlert);
    return () => {
      for (const name of CONNECTION_EVENTS) socket.off(name, refresh);
      socket.off('new-alert', handleAlert);
    };
  }, [socket, refresh]);
}
