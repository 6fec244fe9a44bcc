// Public settings: the launch instant (prelaunch mode) and the redemption settings of
// marketplace §7 Tokens.
import {
  appConfigResponse,
  isPrelaunch,
  minimumRedeemableThresholdResponse,
  tokenRedemptionMultiplierResponse,
} from '@bidboard/shared';
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
  app.get(
    '/config/minimum-redeemable-threshold',
    { schema: { tags: ['config'], response: { 200: minimumRedeemableThresholdResponse } } },
    async () => ({ minimum_redeemable_threshold: ctx.config.MINIMUM_REDEEMABLE_THRESHOLD }),
  );
  app.get(
    '/config/token-redemption-multiplier',
    { schema: { tags: ['config'], response: { 200: tokenRedemptionMultiplierResponse } } },
    async () => ({ token_redemption_multiplier: ctx.config.TOKEN_REDEMPTION_MULTIPLIER }),
  );
}
