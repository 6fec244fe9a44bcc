// Public settings: the launch instant (prelaunch mode) and the redemption settings of
// marketplace §7 Tokens (business settings, changeable at run time).
import {
  appConfigResponse,
  isPrelaunch,
  minimumRedeemableThresholdResponse,
  tokenRedemptionMultiplierResponse,
} from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import type { FastifyZodApp } from '../../lib/fastify';
import { multiplierInEffect } from '../redemptions/redemption-value';
import { loadSettings } from '../settings/settings.service';

export async function configRoutes(
  app: FastifyZodApp,
  { ctx }: { ctx: Pick<ServiceContext, 'db' | 'config' | 'clock'> },
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
    async () => ({
      minimum_redeemable_threshold: (await loadSettings(ctx.db, ctx.config))
        .minimum_redeemable_threshold,
    }),
  );
  app.get(
    '/config/token-redemption-multiplier',
    { schema: { tags: ['config'], response: { 200: tokenRedemptionMultiplierResponse } } },
    // The campaign's multiplier only while its budget lasts (product rules, The token economy).
    async () => ({
      token_redemption_multiplier: await multiplierInEffect(
        ctx.db,
        await loadSettings(ctx.db, ctx.config),
        ctx.clock(),
      ),
    }),
  );
}
