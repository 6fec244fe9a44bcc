// A budget of socket events per member, like the API's per-IP rate limit: at most `max`
// events per `windowSeconds`, counted over all of the member's sockets, in Redis (so every
// server shares the count) when it is configured and up, in this server's memory otherwise. An event over the
// budget is dropped before any handler runs and answered with socketError RATE_LIMITED.
import { MESSAGES } from '@bidboard/shared';
import { batchLoader } from '../lib/batch-loader';
import type { RedisLink } from './redis';
import type { AppSocketServer } from './socket';
import { replyTo } from './socket-replies';

export interface SocketBudgetOptions {
  max: number;
  windowSeconds: number;
  redis: RedisLink | null;
  redisPrefix: string;
  log: { warn: (obj: object, msg: string) => void };
}

/** Counts one event in the member's current window and returns the count so far. */
function memoryCounter(): (userId: number, window: number) => number {
  let current = -1;
  let counts = new Map<number, number>();
  return (userId, window) => {
    // Only the current window matters; older counts are dropped all at once.
    if (window !== current) {
      current = window;
      counts = new Map();
    }
    const n = (counts.get(userId) ?? 0) + 1;
    counts.set(userId, n);
    return n;
  };
}

const INCREMENT = `local n = redis.call('INCRBY', KEYS[1], ARGV[2])
if n == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

interface CountedEvent {
  key: string;
  seq: number;
}

/**
 * Counts events in Redis, shared by every server. A member's events of one turn of the event
 * loop (a page of cards coming into view joins ten rooms at once) are counted with one call,
 * each getting its own count in order: a call per event put a Redis round trip before every
 * handler, and a page's joins answered ~40% later than without Redis (bench/sockets.bench.ts).
 */
export function redisEventCounter(
  redis: Pick<RedisLink, 'client'>,
  prefix: string,
  windowMs: number,
) {
  const count = batchLoader({
    keyOf: (event: CountedEvent) => event.seq,
    load: async (events) => {
      const byKey = new Map<string, CountedEvent[]>();
      for (const event of events) {
        const same = byKey.get(event.key);
        if (same) same.push(event);
        else byKey.set(event.key, [event]);
      }
      const counts = new Map<number, number>();
      await Promise.all(
        [...byKey].map(async ([key, same]) => {
          const total = Number(await redis.client.eval(INCREMENT, 1, key, windowMs, same.length));
          const first = total - same.length + 1;
          for (const [i, event] of same.entries()) counts.set(event.seq, first + i);
        }),
      );
      return counts;
    },
  });
  let seq = 0;
  return async (userId: number, window: number): Promise<number> =>
    (await count({ key: `${prefix}:socket-events:${userId}:${window}`, seq: seq++ })) ?? 0;
}

export function budgetSocketEvents(io: AppSocketServer, opts: SocketBudgetOptions) {
  const windowMs = opts.windowSeconds * 1000;
  const shared = opts.redis ? redisEventCounter(opts.redis, opts.redisPrefix, windowMs) : null;
  const local = memoryCounter();

  io.on('connection', (socket) => {
    const { userId } = socket.data;
    const refuse = (event: unknown, payload: unknown) => {
      const key = (payload as { key?: unknown } | null)?.key;
      replyTo(socket).emit('socketError', {
        event: String(event),
        code: 'RATE_LIMITED',
        message: MESSAGES.tooManyRequests,
        ...(event === 'placeBid' && typeof key === 'string' ? { key } : {}),
      });
    };

    socket.use(([event, payload], next) => {
      const window = Math.floor(Date.now() / windowMs);
      // This server's own count refuses a flood without asking Redis for every event.
      if (local(userId, window) > opts.max) return refuse(event, payload);
      // Redis down: this server's count alone, without a failed call per event.
      if (!shared || !opts.redis?.available()) return next();
      shared(userId, window)
        .then((n) => (n > opts.max ? refuse(event, payload) : next()))
        .catch((err: unknown) => {
          // Without Redis the local count still bounds this server's share.
          opts.log.warn({ err }, 'socket event budget unavailable');
          next();
        });
    });
  });
}
