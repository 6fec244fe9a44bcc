// The Redis streams adapter's reader asks for the next broadcasts the moment an answer
// arrives. Under load each answer then carries one or two broadcasts, and every server pays
// a command and a reply for each read, whether or not it holds a socket in the rooms: with
// three servers that was most of what a server spent on a bid done elsewhere
// (bench/scale-out.bench.ts). Waiting a moment before reading again lets one read carry what
// arrived meanwhile; a broadcast waits at most that moment longer to cross servers.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';

/** How long a stream read waits after the last one answered. */
export const STREAM_READ_GAP_MS = 2;

/** `reader`, whose XREADs start at least `gapMs` after the previous one answered. */
export function spacedStreamReads(reader: Redis, gapMs = STREAM_READ_GAP_MS): Redis {
  const xread = reader.xread.bind(reader) as (...args: unknown[]) => Promise<unknown>;
  let answeredAt = 0;
  reader.xread = (async (...args: unknown[]) => {
    const wait = answeredAt + gapMs - Date.now();
    if (wait > 0) await sleep(wait);
    try {
      return await xread(...args);
    } finally {
      answeredAt = Date.now();
    }
  }) as typeof reader.xread;
  return reader;
}
