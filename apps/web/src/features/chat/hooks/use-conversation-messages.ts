// One open conversation's messages (marketplace §4 Chat): the newest 50 on open, older
// pages of 30 loaded upward, live 'new-message' events, and after a reconnect (or when a
// live event went missing) everything after the gap-free run held, in order and without
// duplicates.
import {
  CHAT_MESSAGES,
  type Message,
  type MessageUpdatedEvent,
  type NewMessageEvent,
} from '@bidboard/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAfterReconnect } from '@/features/realtime';
import { getRealtimeSocket } from '@/lib/socket';
import { listMessages } from '../api/list-messages';
import { catchUpAfter, hasGap, mergeMessages, replaceMessage } from '../lib/chat-view';

/** Virtuoso's index of the first item; it only decreases, by the count of older messages added. */
const FIRST_INDEX = 1_000_000;
/** How long a hole in the seqs may wait for its live event before it is fetched. */
const GAP_WAIT_MS = 2000;

export interface ConversationMessages {
  messages: Message[];
  firstItemIndex: number;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  /** Adds a message this tab just sent (the POST answer); the live event may follow. */
  addOwn: (message: Message) => void;
}

export function useConversationMessages(cid: string): ConversationMessages {
  const [messages, setMessages] = useState<Message[]>([]);
  const [firstItemIndex, setFirstItemIndex] = useState(FIRST_INDEX);
  const [status, setStatus] = useState<ConversationMessages['status']>('loading');
  const [error, setError] = useState<string | null>(null);
  const [olderCursor, setOlderCursor] = useState<number | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const latest = useRef<Message[]>([]);
  latest.current = messages;
  const socket = getRealtimeSocket();
  const catchingUp = useRef(false);

  const append = useCallback((incoming: readonly Message[]) => {
    setMessages((current) => mergeMessages(current, incoming));
  }, []);

  useEffect(() => {
    let cancelled = false;
    setMessages([]);
    setFirstItemIndex(FIRST_INDEX);
    setStatus('loading');
    setError(null);
    listMessages(cid, { kind: 'newest' }).then(
      (page) => {
        if (cancelled) return;
        setMessages((current) => mergeMessages(current, page.messages));
        setOlderCursor(page.nextCursor);
        setStatus('ready');
      },
      (failure: Error) => {
        if (cancelled) return;
        setError(failure.message || CHAT_MESSAGES.failedToFetchMessages);
        setStatus('error');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [cid]);

  useEffect(() => {
    if (!socket) return;
    const handleMessage = (event: NewMessageEvent) => {
      if (event.cid === cid) append([event.message]);
    };
    // An image screened after it was sent arrives again with its new state (issue 23).
    const handleUpdate = (event: MessageUpdatedEvent) => {
      if (event.cid === cid) setMessages((current) => replaceMessage(current, event.message));
    };
    socket.on('new-message', handleMessage);
    socket.on('messageUpdated', handleUpdate);
    return () => {
      socket.off('new-message', handleMessage);
      socket.off('messageUpdated', handleUpdate);
    };
  }, [socket, cid, append]);

  /** Pages through everything after the end of the gap-free run held, merging it in. */
  const catchUp = useCallback(async () => {
    if (catchingUp.current) return;
    catchingUp.current = true;
    let after = catchUpAfter(latest.current);
    try {
      for (;;) {
        const page = await listMessages(cid, { kind: 'after', after });
        append(page.messages);
        if (page.nextCursor === null || page.messages.length === 0) return;
        after = page.nextCursor;
      }
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      catchingUp.current = false;
    }
  }, [cid, append]);

  // Back from a dropped connection: fetch what was stored meanwhile.
  const catchUpNow = useCallback(() => void catchUp(), [catchUp]);
  useAfterReconnect(catchUpNow, status === 'ready');

  // A hole that live events do not fill soon (one was lost on the way) is fetched.
  useEffect(() => {
    if (status !== 'ready' || !hasGap(messages)) return;
    const timer = setTimeout(() => void catchUp(), GAP_WAIT_MS);
    return () => clearTimeout(timer);
  }, [messages, status, catchUp]);

  const loadOlder = useCallback(() => {
    if (olderCursor === null || loadingOlder || status !== 'ready') return;
    setLoadingOlder(true);
    listMessages(cid, { kind: 'older', cursor: olderCursor }).then(
      (page) => {
        const known = new Set(latest.current.map((m) => m.id));
        const added = page.messages.filter((m) => !known.has(m.id)).length;
        setFirstItemIndex((index) => index - added);
        append(page.messages);
        setOlderCursor(page.nextCursor);
        setLoadingOlder(false);
      },
      (failure: Error) => {
        setError(failure.message);
        setLoadingOlder(false);
      },
    );
  }, [cid, olderCursor, loadingOlder, status, append]);

  return {
    messages,
    firstItemIndex,
    status,
    error,
    hasOlder: olderCursor !== null,
    loadingOlder,
    loadOlder,
    addOwn: (message) => append([message]),
  };
}
