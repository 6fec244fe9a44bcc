import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { spacedStreamReads } from './socket-adapter-reader';

/** A reader whose XREAD answers at once, recording when each one was asked. */
function instantReader() {
  const askedAt: number[] = [];
  const reader = {
    xread: async () => {
      askedAt.push(performance.now());
      return null;
    },
  };
  return { reader: reader as unknown as Redis, askedAt };
}

describe('spacedStreamReads', () => {
  it('starts a read only after the gap since the last answer', async () => {
    const { reader, askedAt } = instantReader();
    const spaced = spacedStreamReads(reader, 20);
    for (let i = 0; i < 4; i++) await spaced.xread('BLOCK', 5000, 'STREAMS', 's', '$');
    const gaps = askedAt.slice(1).map((at, i) => at - askedAt[i]!);
    // Date.now() rounds to the millisecond; the timers may fire a little late, not early.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(18);
  });

  it('does not delay a read asked long after the last answer', async () => {
    const { reader, askedAt } = instantReader();
    const spaced = spacedStreamReads(reader, 20);
    await spaced.xread('BLOCK', 5000, 'STREAMS', 's', '$');
    await new Promise((resolve) => setTimeout(resolve, 40));
    const before = performance.now();
    await spaced.xread('BLOCK', 5000, 'STREAMS', 's', '$');
    expect(askedAt[1]! - before).toBeLessThan(10);
  });
});
