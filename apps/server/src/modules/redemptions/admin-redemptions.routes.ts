// Admin payout API (the console of issue 11 builds on it): the redemption queue with each
// request's risk review, riskiest first; marking a request paid (after paying it by hand)
// or failed (tokens go back to the member); approving one the risk review held.
import {
  adminRedemptionResponse,
  adminRedemptionsQuery,
  adminRedemptionsResponse,
  markRedemptionFailedBody,
  redemptionParams,
} from '@bidboard/shared';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import type { PaymentsContext } from '../payments/payments.context';
import { sendPayout } from './payouts.service';
import { findAdminRedemption, listRedemptions, settleRedemption } from './redemptions.service';
import { approveHeldRedemption } from './risk-review.service';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404, 409);

export async function adminRedemptionsRoutes(
  app: FastifyZodApp,
  { ctx }: { ctx: PaymentsContext },
) {
  const admin = { onRequest: app.requireAdmin };
  const decided = async (id: number) => ({
    success: true as const,
    redemption: (await findAdminRedemption(ctx.db, id))!,
  });

  app.get(
    '/admin/redemptions',
    {
      ...admin,
      schema: {
        tags,
        querystring: adminRedemptionsQuery,
        response: { 200: adminRedemptionsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      redemptions: await listRedemptions(ctx.db, request.query),
    }),
  );

  app.post(
    '/admin/redemptions/:id/paid',
    {
      ...admin,
      schema: {
        tags,
        params: redemptionParams,
        response: { 200: adminRedemptionResponse, ...errors },
      },
    },
    async (request) => {
      await settleRedemption(ctx, request.params.id, {
        outcome: 'paid',
        actorId: request.member!.id,
      });
      return decided(request.params.id);
    },
  );

  app.post(
    '/admin/redemptions/:id/failed',
    {
      ...admin,
      schema: {
        tags,
        params: redemptionParams,
        body: markRedemptionFailedBody,
        response: { 200: adminRedemptionResponse, ...errors },
      },
    },
    async (request) => {
      await settleRedemption(ctx, request.params.id, {
        outcome: 'failed',
        reason: request.body.reason,
        actorId: request.member!.id,
      });
      return decided(request.params.id);
    },
  );

  app.post(
    '/admin/redemptions/:id/approve',
    {
      ...admin,
      schema: {
        tags,
        params: redemptionParams,
        response: { 200: adminRedemptionResponse, ...errors },
      },
    },
    async (request) => {
      await approveHeldRedemption(ctx, request.params.id, request.member!.id);
      // With PayPal payouts an approved redemption goes now (the sweeper retries a failed
      // send); with manual payouts it waits to be paid by hand.
      void sendPayout(ctx, request.params.id).catch((error: unknown) =>
        request.log.warn({ err: error, redemptionId: request.params.id }, 'payout send failed'),
      );
      return decided(request.params.id);
    },
  );
}
