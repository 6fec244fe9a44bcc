// The realtime connection state (marketplace §4 Socket) as React state.
import { useSyncExternalStore } from 'react';
import { getRealtimeStatus, type RealtimeStatus, subscribeRealtimeStatus } from '@/lib/socket';

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeRealtimeStatus, getRealtimeStatus, getRealtimeStatus);
}
