// GET /chat/conversations/{cid}/messages: the newest 50 on open, 30 older ones a page,
// and after a reconnect everything after the last id held (oldest first in every case).
import {
  CHAT_MESSAGES,
  MESSAGES_ON_OPEN,
  MESSAGES_PAGE_MAX,
  MESSAGES_PAGE_SIZE,
  type MessagesResponse,
} from '@bidboard/shared';
import { api, errorMessage } from '@/lib/api-client';

export type MessagesPage =
  | { kind: 'newest' }
  | { kind: 'older'; cursor: number }
  | { kind: 'after'; after: number };

export async function listMessages(cid: string, page: MessagesPage): Promise<MessagesResponse> {
  const query = new URLSearchParams();
  if (page.kind === 'newest') query.set('limit', String(MESSAGES_ON_OPEN));
  if (page.kind === 'older') {
    query.set('limit', String(MESSAGES_PAGE_SIZE));
    query.set('cursor', String(page.cursor));
  }
  if (page.kind === 'after') {
    query.set('limit', String(MESSAGES_PAGE_MAX));
    query.set('after', String(page.after));
  }
  try {
    return await api.get<MessagesResponse>(
      `/chat/conversations/${encodeURIComponent(cid)}/messages?${query}`,
    );
  } catch (error) {
    throw new Error(errorMessage(error, CHAT_MESSAGES.failedToFetchMessages));
  }
}
