// Period changes (marketplace §4): a different period id than the one loaded reloads the
// page; a period-change event reloads after 1 s when visible, or on return to focus while
// the event is under 5 minutes old.
import { useEffect, useRef } from 'react';
import { reloadPage } from '@/lib/hard-navigate';
import type { AppSocket } from '@/lib/socket';

const RELOAD_DELAY_MS = 1000;
const STAMP_VALID_MS = 5 * 60 * 1000;

export function usePeriodWatch(loadedPeriodId: number | undefined, socket: AppSocket | null) {
  const changedAt = useRef<number | null>(null);

  useEffect(() => {
    if (!socket || loadedPeriodId === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handleSync = (payload: { periodId: number }) => {
      if (payload.periodId !== loadedPeriodId) reloadPage();
    };
    const handleChange = (payload: { periodId: number }) => {
      if (payload.periodId === loadedPeriodId) return;
      changedAt.current = Date.now();
      if (document.visibilityState === 'visible') timer = setTimeout(reloadPage, RELOAD_DELAY_MS);
    };
    socket.on('countdownSync', handleSync);
    socket.on('periodChange', handleChange);
    return () => {
      clearTimeout(timer);
      socket.off('countdownSync', handleSync);
      socket.off('periodChange', handleChange);
    };
  }, [socket, loadedPeriodId]);

  useEffect(() => {
    const handleFocus = () => {
      if (document.visibilityState !== 'visible' || changedAt.current === null) return;
      if (Date.now() - changedAt.current < STAMP_VALID_MS) reloadPage();
      changedAt.current = null;
    };
    window.addEventListener('focus', handleFocus);
    document.addEventListener('visibilitychange', handleFocus);
    return () => {
      window.removeEventListener('focus', handleFocus);
      document.removeEventListener('visibilitychange', handleFocus);
    };
  }, []);
}
