// Presence as React state: whether a partner is online, and the socket listeners that keep
// the store current (mounted once, with the menu, for the whole signed-in session).
import { useEffect, useSyncExternalStore } from 'react';
import { useRealtimeStatus } from '@/features/realtime';
import { getRealtimeSocket } from '@/lib/socket';
import { presenceStore } from '../lib/presence-store';

export function useIsOnline(userId: number | null | undefined): boolean {
  const map = useSyncExternalStore(presenceStore.subscribe, presenceStore.snapshot);
  return userId == null ? false : (map.get(userId) ?? false);
}

export function usePresenceTracking(signedIn: boolean): void {
  const status = useRealtimeStatus();
  const socket = getRealtimeSocket();

  useEffect(() => {
    if (!socket || !signedIn) return;
    const handleOnlineUsers = (ids: number[]) => presenceStore.replaceOnline(ids);
    const handleOnline = (id: number) => presenceStore.set(id, true);
    const handleOffline = (id: number) => presenceStore.set(id, false);
    socket.on('onlineUsers', handleOnlineUsers);
    socket.on('userOnline', handleOnline);
    socket.on('userOffline', handleOffline);
    return () => {
      socket.off('onlineUsers', handleOnlineUsers);
      socket.off('userOnline', handleOnline);
      socket.off('userOffline', handleOffline);
    };
  }, [socket, signedIn]);

  // Without a connection nobody can be shown online with confidence.
  useEffect(() => {
    if (status === 'idle' || status === 'inactive' || status === 'reconnect-failed') {
      presenceStore.replaceOnline([]);
    }
  }, [status]);

  useEffect(() => {
    if (!signedIn) presenceStore.reset();
  }, [signedIn]);
}
