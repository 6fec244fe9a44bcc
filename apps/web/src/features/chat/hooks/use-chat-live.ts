// Keeps the chat caches live for the whole signed-in session (marketplace §7 Realtime):
// a new message moves its conversation up with the new preview and unread count, read
// receipts update, a connection change (unmatch, accept) refreshes whether messaging is
// open, and after a reconnect the list and the unread total are fetched again.
import {
  CONNECTION_EVENTS,
  type Conversation,
  type MessagesReadEvent,
  type NewMessageEvent,
} from '@bidboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useAfterReconnect } from '@/features/realtime';
import { getRealtimeSocket } from '@/lib/socket';
import { chatUnreadKey, useChatUnreadQuery } from '../api/get-unread';
import { type ConversationPages, conversationsKey } from '../api/list-conversations';

function updateConversation(
  data: ConversationPages | undefined,
  cid: string,
  change: (c: Conversation) => Conversation,
): ConversationPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((c) => (c.cid === cid ? change(c) : c)),
    })),
  };
}

function hasConversation(data: ConversationPages | undefined, cid: string): boolean {
  return data?.pages.some((p) => p.conversations.some((c) => c.cid === cid)) ?? false;
}

/** The unread total for the menu's dot and the board's messages button, kept live. */
export function useChatLive(userId: number | null): number {
  const queryClient = useQueryClient();
  const unread = useChatUnreadQuery(userId !== null);
  const socket = getRealtimeSocket();

  useEffect(() => {
    if (!socket || userId === null) return;
    const handleMessage = (event: NewMessageEvent) => {
      const key = conversationsKey;
      const data = queryClient.getQueryData<ConversationPages>(key);
      if (hasConversation(data, event.cid)) {
        const { message } = event;
        queryClient.setQueryData<ConversationPages>(key, (current) =>
          updateConversation(current, event.cid, (c) => ({
            ...c,
            lastMessage: {
              id: message.id,
              text: message.text,
              ts: message.ts,
              senderId: message.senderId,
              type: message.type,
            },
            updatedAt: Math.max(c.updatedAt, message.ts),
            unread: event.unread,
          })),
        );
      } else {
        void queryClient.invalidateQueries({ queryKey: key });
      }
      void queryClient.invalidateQueries({ queryKey: chatUnreadKey });
    };
    const handleRead = (event: MessagesReadEvent) => {
      queryClient.setQueryData<ConversationPages>(conversationsKey, (current) =>
        updateConversation(current, event.cid, (c) => ({
          ...c,
          lastRead: { ...c.lastRead, [String(event.userId)]: event.lastReadId },
          unread: event.userId === userId ? { ...c.unread, [String(userId)]: 0 } : c.unread,
        })),
      );
      if (event.userId === userId) void queryClient.invalidateQueries({ queryKey: chatUnreadKey });
    };
    const refreshList = () => void queryClient.invalidateQueries({ queryKey: conversationsKey });
    socket.on('new-message', handleMessage);
    socket.on('messagesRead', handleRead);
    for (const name of CONNECTION_EVENTS) socket.on(name, refreshList);
    return () => {
      socket.off('new-message', handleMessage);
      socket.off('messagesRead', handleRead);
      for (const name of CONNECTION_EVENTS) socket.off(name, refreshList);
    };
  }, [socket, userId, queryClient]);

  // What arrived while the connection was down.
  const refetchChat = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['chat'] }),
    [queryClient],
  );
  useAfterReconnect(refetchChat, userId !== null);

  return unread.data?.unread ?? 0;
}
