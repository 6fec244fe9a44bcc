// GET /chat/conversations/{cid}/images/{name}: a fresh signed URL of the original image
// ('Tap to view' on a blurred image; the server refuses one still being screened).
import { api } from '@/lib/api-client';

export async function revealChatImage(cid: string, blobUrl: string): Promise<string> {
  const name = new URL(blobUrl, window.location.origin).pathname.split('/').at(-1) ?? '';
  const response = await api.get<{ url: string }>(
    `/chat/conversations/${encodeURIComponent(cid)}/images/${encodeURIComponent(name)}`,
  );
  return response.url;
}
