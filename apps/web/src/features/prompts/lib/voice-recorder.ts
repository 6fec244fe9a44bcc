// Records a voice answer in the browser (issue 44): MediaRecorder as WebM/Opus, stopped by
// itself just before 30 s so the server's limit is never met by a slow stop.
import { VOICE_ANSWER_MAX_SECONDS, VOICE_ANSWER_MIME } from '@bidboard/shared';

/** Half a second short of the limit: stopping takes a moment to flush the last frames. */
const AUTO_STOP_MS = VOICE_ANSWER_MAX_SECONDS * 1000 - 500;

export type RecorderProblem = 'unsupported' | 'denied';

export class RecorderError extends Error {
  constructor(readonly problem: RecorderProblem) {
    super(problem);
  }
}

export interface VoiceRecording {
  /** Resolves with the recording once it has stopped (by itself or by this call). */
  stop: () => Promise<Blob>;
  cancel: () => void;
}

export async function startVoiceRecording(
  onStopped: (recording: Blob) => void,
): Promise<VoiceRecording> {
  if (
    typeof MediaRecorder === 'undefined' ||
    !navigator.mediaDevices?.getUserMedia ||
    !MediaRecorder.isTypeSupported(VOICE_ANSWER_MIME)
  ) {
    throw new RecorderError('unsupported');
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch {
    throw new RecorderError('denied');
  }
  const recorder = new MediaRecorder(stream, {
    mimeType: VOICE_ANSWER_MIME,
    audioBitsPerSecond: 32_000,
  });
  const chunks: Blob[] = [];
  let cancelled = false;
  const release = () => {
    for (const track of stream.getTracks()) track.stop();
  };
  const stopped = new Promise<Blob>((resolve) => {
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    recorder.addEventListener('stop', () => {
      release();
      const recording = new Blob(chunks, { type: VOICE_ANSWER_MIME });
      resolve(recording);
      if (!cancelled) onStopped(recording);
    });
  });
  const timer = setTimeout(() => recorder.state !== 'inactive' && recorder.stop(), AUTO_STOP_MS);
  recorder.start(250);
  return {
    stop: () => {
      clearTimeout(timer);
      if (recorder.state !== 'inactive') recorder.stop();
      return stopped;
    },
    cancel: () => {
      cancelled = true;
      clearTimeout(timer);
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}
