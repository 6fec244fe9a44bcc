// GET /chat/unread: unread messages over all conversations (the menu's chat dot and the
// messages button on the board).
import type { ChatUnreadResponse } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const chatUnreadKey = ['chat', 'unread'] as const;

export const getChatUnread = () => api.get<ChatUnreadResponse>('/chat/unread');

export function useChatUnreadQuery(enabled: boolean) {
  return useQuery({ queryKey: chatUnreadKey, queryFn: getChatUnread, enabled });
}
