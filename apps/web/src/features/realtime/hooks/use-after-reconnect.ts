// Back from a dropped connection, what was sent meanwhile is fetched again: connection-state
// recovery replays only what was kept (a close's alerts, delivered by each server to its own
// members, are not), and a reconnect that could not be recovered replays nothing.
import { useEffect, useRef } from 'react';
import type { RealtimeStatus } from '@/lib/socket';
import { useRealtimeStatus } from './use-realtime-status';

/** The connection dropped: whatever is sent meanwhile must be fetched on the way back. */
function isDown(status: RealtimeStatus): boolean {
  return status === 'reconnecting' || status === 'inactive' || status === 'reconnect-failed';
}

/**
 * Calls `refetch` once the connection is back after being down (or, when `ready` was false
 * then, as soon as it is ready).
 */
export function useAfterReconnect(refetch: () => void, ready = true): void {
  const status = useRealtimeStatus();
  const wasDown = useRef(false);
  useEffect(() => {
    if (isDown(status)) wasDown.current = true;
    if (status !== 'connected' || !wasDown.current || !ready) return;
    wasDown.current = false;
    refetch();
  }, [status, ready, refetch]);
}
