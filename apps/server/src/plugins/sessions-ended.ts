// `app.sessionsEnded`: tells every server at once that sessions ended (a logout, a
// suspension, a deleted account, a role change), so each can cut its own sockets and
// drop what it cached. Redis pub/sub when REDIS_URL is set, in-process otherwise.
// Announce AFTER the transaction that revoked the sessions has committed.
import { randomUUID } from 'node:crypto';
import { idSchema } from '@bidboard/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { withTimeout } from './readiness';

/** Every session of a member (`userId`), or one session (`sessionId`). */
export interface SessionsEnded {
  userId?: number;
  sessionId?: string;
}

export interface SessionsEndedChannel {
  announce(ended: SessionsEnded): Promise<void>;
  subscribe(listener: (ended: SessionsEnded) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionsEnded: SessionsEndedChannel;
  }
}

const wireMessage = z.object({
  origin: z.string(),
  userId: idSchema.optional(),
  sessionId: z
    .string()
    .regex(/^[0-9a-f-]{36}$/i)
    .optional(),
});

export default fp(
  async function sessionsEndedPlugin(app: FastifyInstance, opts: { redisPrefix: string }) {
    const listeners: ((ended: SessionsEnded) => void)[] = [];
    const deliver = (ended: SessionsEnded) => {
      for (const listener of listeners) {
        try {
          listener(ended);
        } catch (err) {
          app.log.error({ err }, 'sessionsEnded listener failed');
        }
      }
    };
    // This server hears its own announcement at once, not after a trip through Redis.
    const origin = randomUUID();
    let publish: (message: string) => Promise<void> = async () => {};

    const redis = app.redis;
    if (redis) {
      const channel = `${opts.redisPrefix}:sessions-ended`;
      // Waits for Redis and resubscribes when it is back; while it is down, other servers
      // still cut the sockets of ended sessions at their next sweep (socket-sessions.ts).
      const subscriber = redis.connection('sessions-ended');
      // Up to a moment at start-up, so a server that is ready hears the others at once.
      await withTimeout(subscriber.subscribe(channel), 2000, 'redis subscribe').catch(() => {});
      subscriber.on('message', (from: string, raw: string) => {
        if (from !== channel) return;
        let parsed: ReturnType<typeof wireMessage.safeParse>;
        try {
          parsed = wireMessage.safeParse(JSON.parse(raw));
        } catch {
          return;
        }
        if (!parsed.success || parsed.data.origin === origin) return;
        const { userId, sessionId } = parsed.data;
        deliver({ userId, sessionId });
      });
      publish = async (message) => {
        if (!redis.available()) return;
        await redis.client.publish(channel, message).catch((err: unknown) => {
          app.log.warn({ err }, 'sessions ended not announced to the other servers');
        });
      };
    }

    app.decorate('sessionsEnded', {
      async announce(ended: SessionsEnded) {
        if (ended.userId === undefined && ended.sessionId === undefined) return;
        deliver(ended);
        await publish(JSON.stringify({ origin, ...ended }));
      },
      subscribe(listener: (ended: SessionsEnded) => void) {
        listeners.push(listener);
      },
    });
  },
  { name: 'sessions-ended', dependencies: ['redis'] },
);
