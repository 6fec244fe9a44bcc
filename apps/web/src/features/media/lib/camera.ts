// Camera and recorder start-up for the verification widget, mapping every failure to
// its exact message of accounts §8 'Camera'.
import { MEDIA_MESSAGES, VERIFICATION_VIDEO } from '@bidboard/shared';

export class CameraError extends Error {}

export async function openFrontCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new CameraError(MEDIA_MESSAGES.cameraUnsupported);
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: {
        width: { ideal: VERIFICATION_VIDEO.width },
        height: { ideal: VERIFICATION_VIDEO.height },
        facingMode: VERIFICATION_VIDEO.facingMode,
      },
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
      throw new CameraError(MEDIA_MESSAGES.cameraDenied);
    throw new CameraError(MEDIA_MESSAGES.cameraUnavailable);
  }
  const track = stream.getVideoTracks()[0];
  if (track?.readyState !== 'live') {
    stopStream(stream);
    throw new CameraError(MEDIA_MESSAGES.cameraUnavailable);
  }
  return stream;
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

const WEBM_TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'];

export function createWebmRecorder(stream: MediaStream): MediaRecorder {
  if (typeof MediaRecorder === 'undefined') {
    throw new CameraError(MEDIA_MESSAGES.recordingUnsupported);
  }
  const canAsk = typeof MediaRecorder.isTypeSupported === 'function';
  const mimeType = canAsk ? WEBM_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) : 'video/webm';
  if (!mimeType) throw new CameraError(MEDIA_MESSAGES.recordingUnsupported);
  try {
    return new MediaRecorder(stream, { mimeType });
  } catch {
    throw new CameraError(MEDIA_MESSAGES.recordingFailed);
  }
}
