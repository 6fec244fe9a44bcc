// The store of the HTTP rate limits (@fastify/rate-limit): counted in Redis, so every
// server shares one count per address, and in this server's memory whenever Redis is
// unreachable, so a limit still holds (per server) and no request fails because of Redis.
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { RedisLink } from './redis';

type Result = { current: number; ttl: number };
type RouteInfo = { method: string; url: string };
type Callback = (error: Error | null, result?: Result) => void;

const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** Fixed windows in memory; expired entries are dropped as the map grows. */
class MemoryCounts {
  private readonly counts = new Map<string, { n: number; resetAt: number }>();

  incr(key: string, windowMs: number): Result {
    const now = Date.now();
    let entry = this.counts.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.counts.size >= 10_000) this.prune(now);
      entry = { n: 0, resetAt: now + windowMs };
      this.counts.set(key, entry);
    }
    entry.n++;
    return { current: entry.n, ttl: entry.resetAt - now };
  }

  private prune(now: number) {
    for (const [key, entry] of this.counts) if (entry.resetAt <= now) this.counts.delete(key);
  }
}

/** A store class for @fastify/rate-limit's `store` option. */
export function rateLimitStore(redis: RedisLink | null, nameSpace: string) {
  return class FallbackRateLimitStore {
    private readonly memory = new MemoryCounts();

    constructor(
      _options: unknown,
      private readonly prefix = nameSpace,
    ) {}

    incr(key: string, callback: Callback, windowMs: number) {
      const local = () => callback(null, this.memory.incr(key, windowMs));
      if (!redis?.available()) return local();
      redis.client
        .eval(INCREMENT, 1, `${this.prefix}${key}`, windowMs)
        .then((reply) => {
          const [current, ttl] = reply as [number, number];
          callback(null, { current, ttl: ttl > 0 ? ttl : windowMs });
        })
        .catch(local);
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // What the plugin passes at run time (its own Redis store reads the same).
      const { method, url } = (routeOptions as unknown as { routeInfo: RouteInfo }).routeInfo;
      return new FallbackRateLimitStore(undefined, `${this.prefix}${method}${url}-`);
    }
  };
}
