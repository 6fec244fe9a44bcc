// GET /config/app: the launch instant and whether the product is in prelaunch mode.
import { appConfigResponse, isPrelaunch } from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import type { FastifyZodApp } from '../../lib/fastify';

export async function configRoutes(
  app: FastifyZodApp,
  { ctx }: { ctx: Pick<ServiceContext, 'config' | 'clock'> },
) {
  app.get(
    '/config/app',
    { schema: { tags: ['config'], response: { 200: appConfigResponse } } },
    async () => {
      const now = ctx.clock();
      return {
        launchAt: new Date(ctx.config.LAUNCH_AT).toISOString(),
        prelaunch: isPrelaunch(ctx.config.LAUNCH_AT, now),
        serverTime: now.toISOString(),
      };
    },
  );
}
