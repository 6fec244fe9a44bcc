// GET /chat/conversations: the member's conversations, newest first, 50 a page in the
// overlay (marketplace §9), the next page by the startAt cursor.
import {
  CHAT_MESSAGES,
  CONVERSATIONS_PAGE_MAX,
  type Conversation,
  type ConversationsResponse,
} from '@bidboard/shared';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';

export const conversationsKey = ['chat', 'conversations'] as const;
export type ConversationPages = InfiniteData<ConversationsResponse, unknown>;

export async function listConversations(startAt: string | null): Promise<ConversationsResponse> {
  const query = new URLSearchParams({ limit: String(CONVERSATIONS_PAGE_MAX) });
  if (startAt) query.set('startAt', startAt);
  try {
    return await api.get<ConversationsResponse>(`/chat/conversations?${query}`);
  } catch (error) {
    throw new Error(errorMessage(error, CHAT_MESSAGES.failedToFetchConversations));
  }
}

export function useConversations(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: conversationsKey,
    queryFn: ({ pageParam }) => listConversations(pageParam as string | null),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** Every loaded conversation once (a conversation that moved up may appear on two pages). */
export function flattenConversations(data: ConversationPages | undefined): Conversation[] {
  const seen = new Set<string>();
  const out: Conversation[] = [];
  for (const page of data?.pages ?? []) {
    for (const c of page.conversations) {
      if (seen.has(c.cid)) continue;
      seen.add(c.cid);
      out.push(c);
    }
  }
  return out.sort((a, b) => b.updatedAt - a.updatedAt);
}
