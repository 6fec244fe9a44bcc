import { MEDIA_MESSAGES } from '@bidboard/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webmBytes, webmHeaderThen } from './media-test-helpers';
import { videoProblem } from './verification-video.service';
import { probeWebm } from './webm-probe';

/** The recording with its one track turned into an audio track (TrackType 1 -> 2). */
function audioOnly(): Buffer {
  const bytes = Buffer.from(webmBytes());
  const trackType = bytes.indexOf(Buffer.from([0x83, 0x81, 0x01]));
  bytes[trackType + 2] = 0x02;
  return bytes;
}

describe('probeWebm', () => {
  it('reads a MediaRecorder recording: webm, a video track, its frames and length', () => {
    const probe = probeWebm(webmBytes());
    expect(probe).toMatchObject({ docType: 'webm', hasVideoTrack: true });
    expect(probe!.videoFrames).toBeGreaterThan(10);
    expect(probe!.durationSeconds).toBeGreaterThan(1.5);
    expect(probe!.durationSeconds).toBeLessThan(2.5);
    expect(videoProblem(webmBytes())).toBeNull();
  });

  it('refuses a WebM header followed by anything', () => {
    for (const extra of [Buffer.alloc(2048, 7), Buffer.from('not a video'), Buffer.alloc(0)]) {
      expect(videoProblem(webmHeaderThen(extra))).toBe(MEDIA_MESSAGES.videoInvalid);
    }
  });

  it('refuses a recording without a video track, without frames, or cut short', () => {
    expect(videoProblem(audioOnly())).toBe(MEDIA_MESSAGES.videoUnplayable);
    const recording = webmBytes();
    const firstCluster = recording.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));
    expect(videoProblem(recording.subarray(0, firstCluster))).toBe(MEDIA_MESSAGES.videoUnplayable);
    expect(videoProblem(recording.subarray(0, firstCluster + 200))).not.toBeNull();
    expect(videoProblem(Buffer.concat([recording, Buffer.from('trailing junk')]))).not.toBeNull();
  });

  it('never throws, whatever follows the header', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
        const problem = videoProblem(webmHeaderThen(Buffer.from(bytes)));
        expect(problem).not.toBeNull();
      }),
      { seed: 14, numRuns: 2000 },
    );
  });
});
