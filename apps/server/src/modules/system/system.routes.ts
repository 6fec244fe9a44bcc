// Liveness, readiness and Prometheus metrics.

import type { Registry } from 'prom-client';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { FastifyZodApp } from '../../lib/fastify';

export async function systemRoutes(
  app: FastifyZodApp,
  opts: { database: Database; registry: Pick<Registry, 'contentType' | 'metrics'> },
) {
  app.readiness.addCheck('database', () => opts.database.ping());
  app.get(
    '/api/health',
    {
      config: { rateLimit: false },
      schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );
  // 200 only while every dependency answers in time and the server is not draining
  // (plugins/readiness.ts); the balancer's health check reads this.
  app.get(
    '/api/ready',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        response: {
          200: z.object({
            status: z.literal('ready'),
            database: z.string(),
            checks: z.record(z.string(), z.string()),
          }),
          503: z.object({
            message: z.string(),
            draining: z.boolean(),
            checks: z.record(z.string(), z.string()),
          }),
        },
      },
    },
    async (_request, reply) => {
      const report = await app.readiness.report();
      if (report.ready) {
        return { status: 'ready' as const, database: opts.database.kind, checks: report.checks };
      }
      const failed = Object.entries(report.checks).filter(([, result]) => result !== 'ok');
      const message = report.draining
        ? 'Draining for shutdown'
        : `Unavailable: ${failed.map(([name]) => name).join(', ')}`;
      return reply.status(503).send({ message, draining: report.draining, checks: report.checks });
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
