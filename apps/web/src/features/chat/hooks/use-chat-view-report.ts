// Tells the server which conversation this tab shows and whether it is in the foreground
// ('chatView'), so the member gets no push for the conversation they are reading. Sent on
// open, on close, on every visibility change and again after each (re)connect.
import { useEffect } from 'react';
import { useRealtimeStatus } from '@/features/realtime';
import { getRealtimeSocket } from '@/lib/socket';

export function useChatViewReport(cid: string | null): void {
  const status = useRealtimeStatus();
  const socket = getRealtimeSocket();

  useEffect(() => {
    if (!socket || status !== 'connected') return;
    const report = () =>
      socket.emit('chatView', { cid, foreground: document.visibilityState === 'visible' });
    report();
    document.addEventListener('visibilitychange', report);
    return () => {
      document.removeEventListener('visibilitychange', report);
      if (cid !== null)
        socket.emit('chatView', { cid: null, foreground: document.visibilityState === 'visible' });
    };
  }, [socket, status, cid]);
}
