// The typing indicator (issue 9): this member's keystrokes tell the partner at most every
// few seconds and stop after a pause or a send; the partner's 'typing' events show for a
// few seconds unless renewed.
import type { TypingEvent } from '@bidboard/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtimeStatus } from '@/features/realtime';
import { getRealtimeSocket } from '@/lib/socket';

const SEND_EVERY_MS = 3000;
const STOP_AFTER_MS = 4000;
const SHOW_FOR_MS = 6000;

export function usePartnerTyping(cid: string, partnerId: number): boolean {
  const [typing, setTyping] = useState(false);
  useRealtimeStatus();
  const socket = getRealtimeSocket();

  useEffect(() => {
    if (!socket) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handleTyping = (event: TypingEvent) => {
      if (event.cid !== cid || event.userId !== partnerId) return;
      clearTimeout(timer);
      setTyping(event.isTyping);
      if (event.isTyping) timer = setTimeout(() => setTyping(false), SHOW_FOR_MS);
    };
    // A message from the partner ends their typing.
    const handleMessage = (event: { cid: string; senderId: number }) => {
      if (event.cid === cid && event.senderId === partnerId) setTyping(false);
    };
    socket.on('typing', handleTyping);
    socket.on('new-message', handleMessage);
    return () => {
      clearTimeout(timer);
      socket.off('typing', handleTyping);
      socket.off('new-message', handleMessage);
    };
  }, [socket, cid, partnerId]);

  return typing;
}

export function useTypingSender(cid: string) {
  const lastSent = useRef(0);
  const stopTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stop = useCallback(() => {
    clearTimeout(stopTimer.current);
    if (lastSent.current === 0) return;
    lastSent.current = 0;
    getRealtimeSocket()?.emit('typing', { cid, isTyping: false });
  }, [cid]);

  const keystroke = useCallback(() => {
    const socket = getRealtimeSocket();
    if (!socket?.connected) return;
    const now = Date.now();
    if (now - lastSent.current > SEND_EVERY_MS) {
      lastSent.current = now;
      socket.emit('typing', { cid, isTyping: true });
    }
    clearTimeout(stopTimer.current);
    stopTimer.current = setTimeout(stop, STOP_AFTER_MS);
  }, [cid, stop]);

  useEffect(() => stop, [stop]);
  return { keystroke, stop };
}
