// A budget of socket events per member, like the API's per-IP rate limit: at most `max`
// events per `windowSeconds`, counted over all of the member's sockets, in Redis (so every
// server shares the count) when it is configured and up, in this server's memory otherwise. An event over the
// budget is dropped before any handler runs and answered with socketError RATE_LIMITED.
import { MESSAGES } from '@bidboard/shared';
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

const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

function redisCounter(redis: RedisLink, prefix: string, windowMs: number) {
  return async (userId: number, window: number) =>
    Number(
      await redis.client.eval(
        INCREMENT,
        1,
        `${prefix}:socket-events:${userId}:${window}`,
        windowMs,
      ),
    );
}

export function budgetSocketEvents(io: AppSocketServer, opts: SocketBudgetOptions) {
  const windowMs = opts.windowSeconds * 1000;
  const shared = opts.redis ? redisCounter(opts.redis, opts.redisPrefix, windowMs) : null;
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
