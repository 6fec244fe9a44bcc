// HTTP adapter for cashing out (marketplace §7 Tokens): POST /redeem-tokens, the quote the
// redemption screen shows before the member confirms, the payout fee, and PayPal's payout
// webhook.
import {
  errorResponseSchema,
  payoutFeeResponse,
  redeemTokensBody,
  redeemTokensResponse,
  redemptionQuoteQuery,
  redemptionQuoteResponse,
} from '@bidboard/shared';
import { PayoutUnavailableError } from '../../adapters/payouts/payouts.port';
import type { FastifyZodApp } from '../../lib/fastify';
import { registerSignedWebhook } from '../../lib/signed-webhook';
import type { PaymentsContext } from '../payments/payments.context';
import { loadSettings } from '../settings/settings.service';
import { applyPayoutEvent, sendPayout } from './payouts.service';
import { quoteRedemption } from './redemption-value';
import { requestRedemption } from './redemptions.service';

const tags = ['tokens'];

export async function redemptionsRoutes(app: FastifyZodApp, { ctx }: { ctx: PaymentsContext }) {
  app.post(
    '/redeem-tokens',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        body: redeemTokensBody,
        response: { 200: redeemTokensResponse, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { response, redemption } = await requestRedemption(
        ctx,
        request.member!.id,
        request.body,
      );
      // After the response: PayPal's answer must not hold up the member, and the sweeper
      // sends anything this misses.
      void sendPayout(ctx, redemption.id).catch((error: unknown) =>
        request.log.warn({ err: error, redemptionId: redemption.id }, 'payout send failed'),
      );
      return response;
    },
  );

  app.get(
    '/redemptions/quote',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        querystring: redemptionQuoteQuery,
        response: {
          200: redemptionQuoteResponse,
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request) =>
      quoteRedemption(ctx.db, ctx.config, request.member!.id, request.query.tokens, ctx.clock()),
  );

  app.get(
    '/config/payout-fee',
    { schema: { tags: ['config'], response: { 200: payoutFeeResponse } } },
    async () => ({ payout_fee_cents: (await loadSettings(ctx.db, ctx.config)).payout_fee_cents }),
  );

  const readWebhook = ctx.payouts.readWebhook?.bind(ctx.payouts);
  if (!readWebhook) return;
  await registerSignedWebhook(app, {
    path: '/payouts/webhook',
    tags,
    handle: async (raw, headers) => {
      const event = await readWebhook(raw, headers);
      return { received: true, outcome: event ? await applyPayoutEvent(ctx, event) : 'ignored' };
    },
    unavailable: PayoutUnavailableError,
  });
}
