import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadVerificationVideo } from './verification-video';

afterEach(() => vi.unstubAllGlobals());

describe('uploadVerificationVideo', () => {
  it('reads the storage answer to the end, so the browser never logs the PUT as aborted', async () => {
    const putAnswer = new Response('', { status: 200 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = String(input);
        if (url.includes('/getPresignedUploadUrl')) {
          return Response.json({ success: true, uploadUrl: '/api/files/k.webm', key: 'k.webm' });
        }
        if (init.method === 'PUT') return putAnswer;
        return Response.json({
          success: true,
          video: { id: 1, user_id: 1, file_name: 'k.webm', verification_status: 'pending' },
        });
      }),
    );
    const video = await uploadVerificationVideo(new Blob(['x'], { type: 'video/webm' }));
    expect(video.id).toBe(1);
    expect(putAnswer.bodyUsed).toBe(true);
  });
});
