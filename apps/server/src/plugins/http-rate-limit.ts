// The HTTP rate limit: RATE_LIMIT_MAX requests a minute per address, counted in Redis so
// every server shares one count (rate-limit-store.ts), refused with the spec's message.
import { MESSAGES } from '@bidboard/shared';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimitStore } from './rate-limit-store';

export default fp(
  async function httpRateLimitPlugin(
    app: FastifyInstance,
    opts: { max: number; redisPrefix: string },
  ) {
    await app.register(rateLimit, {
      max: opts.max,
      timeWindow: '1 minute',
      store: rateLimitStore(app.redis, `${opts.redisPrefix}:rate-limit:`),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: MESSAGES.tooManyRequests,
        code: 'RATE_LIMITED',
        retryAfter: context.after,
      }),
    });
  },
  { name: 'http-rate-limit', dependencies: ['redis'] },
);
