// POST /chat/conversations {partnerId}: the conversation with a connection's partner
// (opened from a connection card).
import type { StartConversationResponse } from '@bidboard/shared';
import { api } from '@/lib/api-client';

export const startConversation = (partnerId: number) =>
  api.post<StartConversationResponse>('/chat/conversations', { partnerId });
