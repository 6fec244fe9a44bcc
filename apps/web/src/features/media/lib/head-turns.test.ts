import { describe, expect, it } from 'vitest';
import { classifyPose, type PoseSample, replayHeadTurns } from './head-turns';

const centre: PoseSample = { yaw: 0, pitch: 0 };
const left: PoseSample = { yaw: -0.4, pitch: 0.02 };
const right: PoseSample = { yaw: 0.38, pitch: -0.05 };
const up: PoseSample = { yaw: 0.03, pitch: -0.3 };
const hold = (pose: PoseSample, frames = 3) => Array.from({ length: frames }, () => pose);

describe('head-turn sequence', () => {
  it('completes left, right, up made in order', () => {
    const recorded = [
      ...hold(centre),
      ...hold(left),
      ...hold(centre),
      ...hold(right),
      ...hold(centre),
      ...hold(up),
    ];
    expect(replayHeadTurns(recorded)).toEqual(['left', 'right', 'up']);
  });

  it('ignores moves out of order until the expected one comes', () => {
    expect(replayHeadTurns([...hold(right), ...hold(up), ...hold(centre)])).toEqual([]);
    expect(replayHeadTurns([...hold(up), ...hold(left), ...hold(up), ...hold(right)])).toEqual([
      'left',
      'right',
    ]);
    expect(
      replayHeadTurns([...hold(left), ...hold(up), ...hold(right), ...hold(left), ...hold(up)]),
    ).toEqual(['left', 'right', 'up']);
  });

  it('does not count jitter at the thresholds or single noisy frames', () => {
    const jitter = [0.249, 0.25, 0.2499, 0.25, 0.2, 0.25].flatMap((yaw) => [
      { yaw: -yaw, pitch: 0 },
      { yaw, pitch: 0 },
      { yaw: 0, pitch: -(yaw - 0.02) },
    ]);
    expect(replayHeadTurns(jitter)).toEqual([]);
    const spikes = [left, centre, left, centre, { yaw: -0.26, pitch: 0 }, null, left];
    expect(replayHeadTurns(spikes)).toEqual([]);
    expect(
      replayHeadTurns([
        { yaw: -0.251, pitch: 0 },
        { yaw: -0.26, pitch: 0 },
      ]),
    ).toEqual(['left']);
  });

  it('loses the streak when the face is lost', () => {
    expect(replayHeadTurns([left, null, left, null])).toEqual([]);
  });

  it('uses ±0.25 horizontally and 0.23 up', () => {
    expect(classifyPose({ yaw: -0.26, pitch: 0 })).toBe('left');
    expect(classifyPose({ yaw: 0.26, pitch: 0 })).toBe('right');
    expect(classifyPose({ yaw: 0.1, pitch: -0.24 })).toBe('up');
    expect(classifyPose({ yaw: 0.25, pitch: -0.23 })).toBeNull();
    expect(classifyPose({ yaw: 0, pitch: 0.5 })).toBeNull();
  });
});
