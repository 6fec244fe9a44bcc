import { describe, expect, it, vi } from 'vitest';
import { batchLoader } from './batch-loader';

function recordingLoader(maxBatch?: number) {
  const calls: number[][] = [];
  const load = batchLoader({
    load: async (items: number[]) => {
      calls.push(items);
      if (items.includes(13)) throw new Error('unlucky');
      return new Map(items.filter((n) => n % 2 === 0).map((n) => [n, `even ${n}`]));
    },
    keyOf: (n) => n,
    maxBatch,
  });
  return { calls, load };
}

describe('batchLoader', () => {
  it('loads what is asked for in one turn with one call, each key once', async () => {
    const { calls, load } = recordingLoader();
    const answers = await Promise.all([load(2), load(3), load(2), load(4)]);
    expect(answers).toEqual(['even 2', undefined, 'even 2', 'even 4']);
    expect(calls).toEqual([[2, 3, 4]]);
    expect(await load(6)).toBe('even 6');
    expect(calls).toHaveLength(2);
  });

  it('splits a large turn into batches and fails only the batch that failed', async () => {
    const { calls, load } = recordingLoader(2);
    const answers = await Promise.allSettled([load(12), load(13), load(14), load(16)]);
    expect(calls).toEqual([
      [12, 13],
      [14, 16],
    ]);
    expect(answers.map((a) => a.status)).toEqual([
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
  });

  it('with a window, collects what is asked for within it into one call', async () => {
    vi.useFakeTimers();
    try {
      const calls: number[][] = [];
      const load = batchLoader({
        load: async (items: number[]) => {
          calls.push(items);
          return new Map(items.map((n) => [n, n * 10]));
        },
        keyOf: (n) => n,
        windowMs: 5,
      });
      const first = load(1);
      await vi.advanceTimersByTimeAsync(3);
      const second = load(2);
      await vi.advanceTimersByTimeAsync(2);
      expect(await Promise.all([first, second])).toEqual([10, 20]);
      expect(calls).toEqual([[1, 2]]);
    } finally {
      vi.useRealTimers();
    }
  });
});
