// POST /chat/conversations/{cid}/messages {text, blobUrl, type} -> msgId and the stored message.
import type { SendMessageBody, SendMessageResponse } from '@bidboard/shared';
import { api } from '@/lib/api-client';

export const sendMessage = (cid: string, body: SendMessageBody) =>
  api.post<SendMessageResponse>(`/chat/conversations/${encodeURIComponent(cid)}/messages`, body);
