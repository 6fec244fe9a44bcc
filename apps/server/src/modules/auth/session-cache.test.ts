// The server's session cache on its own (issue 25): trusted for VERIFIED_FOR_MS at most,
// read again behind a member past half of it, one read per session at a time.
import { describe, expect, it } from 'vitest';
import type { AuthenticatedSession, LiveSession } from './session.service';
import { SessionCache, VERIFIED_FOR_MS } from './session-cache';

const IDLE_SECONDS = 3600;
const claimed: AuthenticatedSession = { userId: 7, sessionId: 's-7' };

/** A cache over rows the test answers by hand, one read at a time, on a clock it moves. */
function cacheOverRows() {
  let now = new Date('2026-01-05T12:00:00Z');
  const reads: { resolve: (row: LiveSession | null) => void; reject: (e: Error) => void }[] = [];
  const load = () =>
    new Promise<LiveSession | null>((resolve, reject) => reads.push({ resolve, reject }));
  const cache = new SessionCache(IDLE_SECONDS, load, () => now);
  const row = (): LiveSession => ({
    ...claimed,
    expiresAt: new Date(now.getTime() + 86_400_000),
    lastSeenAt: now,
  });
  return {
    cache,
    reads,
    row,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    /** Answers the oldest read and lets the cache take it in. */
    answer: async (value: LiveSession | null | Error) => {
      const read = reads.shift()!;
      if (value instanceof Error) read.reject(value);
      else read.resolve(value);
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

async function verified() {
  const rows = cacheOverRows();
  const first = rows.cache.live(claimed);
  await rows.answer(rows.row());
  expect(await first).toMatchObject(claimed);
  return rows;
}

describe('SessionCache', () => {
  it('answers a session verified a moment ago without reading its row', async () => {
    const { cache, reads, advance } = await verified();
    advance(VERIFIED_FOR_MS / 2);
    expect(cache.get(claimed.sessionId)).toMatchObject(claimed);
    expect(await cache.live(claimed)).toMatchObject(claimed);
    expect(reads).toHaveLength(0);
  });

  it('past half its trust still answers at once, and reads the row again behind it, once', async () => {
    const { cache, reads, advance, answer, row } = await verified();
    advance(VERIFIED_FOR_MS / 2 + 1);
    expect(cache.get(claimed.sessionId)).toMatchObject(claimed);
    expect(await cache.live(claimed)).toMatchObject(claimed);
    expect(reads).toHaveLength(1);

    // The row read then counts from then: answered from memory for a full stretch again.
    await answer(row());
    advance(VERIFIED_FOR_MS - 1);
    expect(cache.get(claimed.sessionId)).toMatchObject(claimed);
    expect(reads).toHaveLength(1);
  });

  it('forgets a session the background read finds ended', async () => {
    const { cache, advance, answer, reads } = await verified();
    advance(VERIFIED_FOR_MS / 2 + 1);
    expect(cache.get(claimed.sessionId)).not.toBeNull();
    await answer(null);
    expect(cache.get(claimed.sessionId)).toBeNull();
    const again = cache.live(claimed);
    await answer(null);
    expect(await again).toBeNull();
    expect(reads).toHaveLength(0);
  });

  it('after a failed background read, answers until its trust runs out, then reads and fails', async () => {
    const { cache, advance, answer } = await verified();
    advance(VERIFIED_FOR_MS / 2 + 1);
    expect(cache.get(claimed.sessionId)).not.toBeNull();
    await answer(new Error('database gone'));
    expect(cache.get(claimed.sessionId)).not.toBeNull();

    advance(VERIFIED_FOR_MS / 2);
    const late = expect(cache.live(claimed)).rejects.toThrow('database gone');
    await answer(new Error('database gone'));
    await late;
  });

  it('past its trust, a request waits for the row and shares the read under way', async () => {
    const { cache, advance, answer, reads, row } = await verified();
    advance(VERIFIED_FOR_MS + 1);
    expect(cache.get(claimed.sessionId)).toBeNull();
    const one = cache.live(claimed);
    const two = cache.live(claimed);
    expect(reads).toHaveLength(1);
    await answer(row());
    expect(await one).toMatchObject(claimed);
    expect(await two).toMatchObject(claimed);
  });

  it('reads again when sessions end while the row was being read', async () => {
    const { cache, advance, answer, row } = await verified();
    advance(VERIFIED_FOR_MS + 1);
    const pending = cache.live(claimed);
    cache.end({ userId: claimed.userId });
    // The first read saw the row before the revocation; the second sees it ended.
    await answer(row());
    await answer(null);
    expect(await pending).toBeNull();
    expect(cache.get(claimed.sessionId)).toBeNull();
  });
});
