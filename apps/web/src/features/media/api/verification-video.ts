// Verification video upload (accounts §7): presigned URL, PUT of the webm, then the
// record call. Any failure rejects so the widget can restart the capture. The stored video
// is read back when step 11 opens again, so a reload never asks for a second recording.
import {
  type MyVerificationVideoResponse,
  type PresignedUploadResponse,
  VERIFICATION_VIDEO_CONTENT_TYPE,
  type VerificationVideo,
} from '@bidboard/shared';
import { ApiError, api } from '@/lib/api-client';

export async function uploadVerificationVideo(video: Blob): Promise<VerificationVideo> {
  const target = await api.get<PresignedUploadResponse>(
    `/getPresignedUploadUrl?fileType=video&contentType=${encodeURIComponent(VERIFICATION_VIDEO_CONTENT_TYPE)}`,
  );
  let put: Response;
  try {
    put = await fetch(target.uploadUrl, {
      method: 'PUT',
      headers: { 'Content-Type': VERIFICATION_VIDEO_CONTENT_TYPE },
      body: video,
    });
  } catch {
    throw new ApiError('', 0, 'NETWORK');
  }
  // Read the (empty) answer to the end: Chromium logs a response left unread as a failed
  // request (net::ERR_ABORTED), although the upload went through.
  await put.arrayBuffer().catch(() => undefined);
  if (!put.ok) throw new ApiError('', put.status);
  const saved = await api.post<{ video: VerificationVideo }>('/uploadVerificationVideo', {
    file_name: target.key,
    verification_status: 'pending',
  });
  return saved.video;
}

/** The member's latest video, if one was received and not turned down. */
export async function getReceivedVerificationVideo(): Promise<VerificationVideo | null> {
  const { video } = await api.get<MyVerificationVideoResponse>('/verificationVideo');
  return video && video.verification_status !== 'rejected' ? video : null;
}
