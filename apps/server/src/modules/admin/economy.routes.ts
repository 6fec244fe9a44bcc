// GET /api/admin/economy: the console's Economy page, admins only; the figures come from
// the same report as `npm run admin -- economy`.
import { adminEconomyResponse, errorResponseSchema } from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import type { FastifyZodApp } from '../../lib/fastify';
import { economyReport } from './economy.service';

export async function adminEconomyRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  app.get(
    '/admin/economy',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        response: {
          200: adminEconomyResponse,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async () => ({
      success: true as const,
      ...(await economyReport(ctx.db, ctx.config, ctx.clock())),
    }),
  );
}
