// The voice answer's recorder (issue 44) over a stand-in MediaRecorder: WebM/Opus only, the
// microphone asked for audio, the chunks made into one recording, the microphone let go,
// a stop by itself half a second before 30 s, and a cancel that hands nothing over.
import { VOICE_ANSWER_MIME } from '@bidboard/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeMediaRecorder, fakeMicrophone } from '@/test/fake-media-recorder';
import { RecorderError, startVoiceRecording } from './voice-recorder';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('startVoiceRecording', () => {
  it('records WebM/Opus from the microphone into one recording and lets the microphone go', async () => {
    const mic = fakeMicrophone();
    const onStopped = vi.fn();
    const recording = await startVoiceRecording(onStopped);
    expect(mic.getUserMedia).toHaveBeenCalledWith({ audio: true });
    const [recorder] = mic.recorders;
    expect(recorder!.options.mimeType).toBe(VOICE_ANSWER_MIME);
    expect(recorder!.state).toBe('recording');
    recorder!.speak('abc');
    recorder!.speak('de');
    const blob = await recording.stop();
    expect(blob.type).toBe(VOICE_ANSWER_MIME);
    expect(await blob.text()).toBe('abcde');
    expect(onStopped).toHaveBeenCalledWith(blob);
    expect(mic.track.stop).toHaveBeenCalled();
  });

  it('stops by itself at 29.5 s, before the server’s 30-second limit', async () => {
    vi.useFakeTimers();
    const mic = fakeMicrophone();
    const onStopped = vi.fn();
    await startVoiceRecording(onStopped);
    const [recorder] = mic.recorders;
    recorder!.speak('x');
    vi.advanceTimersByTime(29_499);
    expect(recorder!.state).toBe('recording');
    vi.advanceTimersByTime(1);
    expect(recorder!.state).toBe('inactive');
    expect(onStopped).toHaveBeenCalledTimes(1);
    expect(mic.track.stop).toHaveBeenCalled();
  });

  it('a cancelled recording hands nothing over', async () => {
    const mic = fakeMicrophone();
    const onStopped = vi.fn();
    const recording = await startVoiceRecording(onStopped);
    recording.cancel();
    expect(mic.recorders[0]!.state).toBe('inactive');
    expect(onStopped).not.toHaveBeenCalled();
    expect(mic.track.stop).toHaveBeenCalled();
  });

  it('says so when the browser cannot record Opus, or the microphone is refused', async () => {
    fakeMicrophone();
    FakeMediaRecorder.supported = false;
    await expect(startVoiceRecording(vi.fn())).rejects.toEqual(new RecorderError('unsupported'));
    const denied = fakeMicrophone({ denied: true });
    const refused = await startVoiceRecording(vi.fn()).catch((error: RecorderError) => error);
    expect(refused).toBeInstanceOf(RecorderError);
    expect((refused as RecorderError).problem).toBe('denied');
    expect(denied.recorders).toEqual([]);
  });
});
