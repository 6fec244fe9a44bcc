// Live 'Bids close' countdown: follows the server's countdown sync, falls back to the
// stored end time when no sync arrived for 15 s, and reloads 1.5 s after reaching zero.
import { useEffect, useState } from 'react';
import { reloadPage } from '@/lib/hard-navigate';
import { formatCountdown } from '@/lib/i18n';
import type { AppSocket } from '@/lib/socket';
import { useBoardText } from '../i18n';
import {
  type CountdownSync,
  isCritical,
  RELOAD_AFTER_END_MS,
  secondsRemaining,
} from '../lib/countdown';

export interface CountdownView {
  text: string;
  critical: boolean;
  ended: boolean;
  invalid: boolean;
}

/** `endTime` undefined means still loading; null means there is no readable end time. */
export function useCountdown(
  endTime: string | null | undefined,
  socket: AppSocket | null,
): CountdownView {
  const [sync, setSync] = useState<CountdownSync | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const t = useBoardText();

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!socket) return;
    const handleSync = (payload: { secondsRemaining: number }) => {
      const receivedAt = Date.now();
      setSync({ secondsRemaining: payload.secondsRemaining, receivedAt });
      setNow(receivedAt);
    };
    socket.on('countdownSync', handleSync);
    return () => {
      socket.off('countdownSync', handleSync);
    };
  }, [socket]);

  const loading = endTime === undefined && sync === null;
  const seconds = loading ? 1 : secondsRemaining(endTime, sync, now);
  const ended = seconds !== null && seconds <= 0;

  useEffect(() => {
    if (!ended) return;
    const timer = setTimeout(reloadPage, RELOAD_AFTER_END_MS);
    return () => clearTimeout(timer);
  }, [ended]);

  if (loading) return { text: '--:--:--', critical: false, ended: false, invalid: false };
  if (seconds === null) {
    return { text: t('countdown.invalid'), critical: false, ended: false, invalid: true };
  }
  if (ended) return { text: t('countdown.ended'), critical: true, ended: true, invalid: false };
  return { text: formatCountdown(seconds), critical: isCritical(seconds), ended, invalid: false };
}
