// POST /api/admin/periods/close-now: closes the open period at once, through the same
// sweep the scheduler runs.
import { closePeriodResponse, errorResponseSchema } from '@bidboard/shared';
import { sweepPeriods } from '../../jobs/period-close';
import type { ServiceContext } from '../../lib/context';
import type { FastifyZodApp } from '../../lib/fastify';

export async function adminPeriodsRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  app.post(
    '/admin/periods/close-now',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        response: { 200: closePeriodResponse, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => {
      const { closed, period } = await sweepPeriods(
        { db: ctx.db, clock: ctx.clock, io: app.io },
        { force: true },
      );
      return {
        success: true as const,
        closed: closed
          ? { periodId: closed.periodId, connections: closed.connections.length }
          : null,
        period: { id: period.id, end_time: period.end_time.toISOString() },
      };
    },
  );
}
