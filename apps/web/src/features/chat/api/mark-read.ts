// POST /chat/conversations/{cid}/read: the member has read the conversation.
import type { MarkReadResponse } from '@bidboard/shared';
import { api } from '@/lib/api-client';

export const markConversationRead = (cid: string) =>
  api.post<MarkReadResponse>(`/chat/conversations/${encodeURIComponent(cid)}/read`);
