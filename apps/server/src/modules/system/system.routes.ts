// Liveness, readiness and Prometheus metrics.

import type { Registry } from 'prom-client';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { FastifyZodApp } from '../../lib/fastify';

export async function systemRoutes(
  app: FastifyZodApp,
  opts: { database: Database; registry: Pick<Registry, 'contentType' | 'metrics'> },
) {
  app.get(
    '/api/health',
    {
      config: { rateLimit: false },
      schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/api/ready',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        response: {
          200: z.object({ status: z.literal('ready'), database: z.string() }),
          503: z.object({ message: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await opts.database.ping();
        return { status: 'ready' as const, database: opts.database.kind };
      } catch {
        return reply.status(503).send({ message: 'Database unreachable' });
      }
    },
  );
  app.get(
    '/metrics',
    { onRequest: app.requireOperator, config: { rateLimit: false }, schema: { hide: true } },
    async (_request, reply) => {
      reply.header('content-type', opts.registry.contentType);
      return opts.registry.metrics();
    },
  );
}
