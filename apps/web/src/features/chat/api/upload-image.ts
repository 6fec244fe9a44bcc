// POST /chat/conversations/{cid}/images: the raw image bytes, with upload progress (XHR:
// fetch reports no upload progress). The server re-encodes it and answers the blobUrl the
// image message then carries.
import type { ChatImageUploadResponse } from '@bidboard/shared';
import { API_BASE, ApiError } from '@/lib/api-client';
import { authStorage } from '@/lib/auth-storage';

export function uploadChatImage(
  cid: string,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<ChatImageUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/chat/conversations/${encodeURIComponent(cid)}/images`);
    const token = authStorage.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as ChatImageUploadResponse);
        return;
      }
      const message =
        body &&
        typeof body === 'object' &&
        typeof (body as { message?: unknown }).message === 'string'
          ? (body as { message: string }).message
          : '';
      reject(new ApiError(message, xhr.status, (body as { code?: string } | undefined)?.code));
    };
    xhr.onerror = () => reject(new ApiError('', 0, 'NETWORK'));
    xhr.send(file);
  });
}
