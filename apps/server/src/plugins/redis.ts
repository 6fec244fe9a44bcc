// `app.redis` (null without REDIS_URL): the server's one Redis connection for commands
// (ioredis, the only Redis client in the server), and `connection()` for the few that
// must wait for Redis instead (subscriptions, the socket adapter's blocking reads).
//
// Redis is shared state, never the only copy of anything: while it is down, a command
// fails at once instead of queueing or hanging, and each user falls back to this server
// alone (rate limits and socket budgets count per server, presence and fan-out reach this
// server's members only). One warning when it goes, one line when it is back; the
// clients reconnect on their own, and a server started without it comes up not ready
// (/api/ready) and turns ready when it answers.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';

export interface RedisLink {
  /** Commands; they fail at once while Redis is unreachable (check `available()` first). */
  client: Redis;
  /** Whether the command connection is up now. */
  available(): boolean;
  /**
   * A connection of its own: by default it waits (and resubscribes) while Redis is
   * unreachable; `failFast` makes its commands fail at once like `client`'s;
   * `autoPipelining` sends the commands issued in one tick in one write.
   */
  connection(name: string, options?: { failFast?: boolean; autoPipelining?: boolean }): Redis;
}

declare module 'fastify' {
  interface FastifyInstance {
    redis: RedisLink | null;
  }
}

const base: RedisOptions = {
  connectTimeout: 2000,
  // Reconnect for ever, at most every 2 s: Redis coming back heals everything by itself.
  retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
};

export function createRedisLink(
  url: string,
  log: Pick<FastifyInstance['log'], 'warn' | 'info' | 'debug'>,
): RedisLink & { close(): Promise<void> } {
  const client = new Redis(url, {
    ...base,
    connectionName: 'bidboard',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  const waiting: Redis[] = [];
  const failing: Redis[] = [client];
  let down = false;
  let closing = false;
  client.on('ready', () => {
    if (down) log.info('Redis is back: shared rate limits, presence and fan-out resume');
    down = false;
  });
  const lost = (err?: unknown) => {
    if (err) log.debug({ err }, 'redis error');
    if (down || closing) return;
    down = true;
    log.warn(
      'Redis unavailable: rate limits and socket budgets count per server, presence and fan-out reach this server only, until it returns',
    );
  };
  client.on('error', lost);
  client.on('close', () => lost());

  return {
    client,
    available: () => client.status === 'ready',
    connection(name, options = {}) {
      const connection = new Redis(url, {
        ...base,
        connectionName: `bidboard-${name}`,
        enableAutoPipelining: options.autoPipelining ?? false,
        ...(options.failFast
          ? { enableOfflineQueue: false, maxRetriesPerRequest: 1 }
          : { maxRetriesPerRequest: null }),
      });
      connection.on('error', (err) => log.debug({ err }, `redis (${name}) error`));
      (options.failFast ? failing : waiting).push(connection);
      return connection;
    },
    async close() {
      closing = true;
      // Commands already sent are answered first (quit); a waiting connection (a blocked
      // stream read, a subscription) has nothing to finish and is simply dropped.
      for (const c of waiting) c.disconnect();
      await Promise.all(
        failing.map((c) =>
          c.status === 'ready' ? c.quit().catch(() => c.disconnect()) : c.disconnect(),
        ),
      );
    },
  };
}

export default fp(
  async function redisPlugin(app: FastifyInstance, opts: { url?: string }) {
    if (!opts.url) {
      app.decorate('redis', null);
      return;
    }
    const link = createRedisLink(opts.url, app.log);
    app.decorate('redis', link);
    app.readiness.addCheck('redis', async () => {
      if (!link.available()) throw new Error(`not connected (${link.client.status})`);
      await link.client.ping();
    });
    // Last of all (onClose runs in reverse order of registration among siblings, and this
    // plugin is registered before its users): their final commands are sent first.
    app.addHook('onClose', async () => link.close());
  },
  { name: 'redis', dependencies: ['readiness'] },
);
