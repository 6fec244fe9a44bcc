// Marks the open conversation read (marketplace §4 Chat: opening it marks it read), and
// again whenever a partner's message arrives while the page is visible. The unread
// counts follow from the server's 'messagesRead' event; the total is refetched at once.
import { CHAT_MESSAGES, type Message } from '@bidboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { chatUnreadKey } from '../api/get-unread';
import { markConversationRead } from '../api/mark-read';

export function useMarkRead(
  cid: string,
  viewerId: number,
  messages: readonly Message[],
  ready: boolean,
) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  const lastIncoming = [...messages].reverse().find((m) => m.senderId !== viewerId)?.id ?? 0;

  useEffect(() => {
    const handle = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', handle);
    return () => document.removeEventListener('visibilitychange', handle);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a newer incoming id re-marks
  useEffect(() => {
    if (!ready || !visible) return;
    let cancelled = false;
    markConversationRead(cid).then(
      () => {
        if (cancelled) return;
        setError(null);
        void queryClient.invalidateQueries({ queryKey: chatUnreadKey });
      },
      () => {
        if (!cancelled) setError(CHAT_MESSAGES.failedToMarkRead);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [cid, ready, visible, lastIncoming, queryClient]);

  return error;
}
