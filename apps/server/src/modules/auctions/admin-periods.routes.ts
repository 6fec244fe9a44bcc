// Admin operations on the Bid Board: POST /api/admin/periods/close-now closes the open
// period at once through the same sweep the scheduler runs; DELETE /api/admin/auctions/:id
// takes an auction off the board.
import {
  auctionIdParams,
  closePeriodResponse,
  errorResponseSchema,
  removeAuctionResponse,
} from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import type { FastifyZodApp } from '../../lib/fastify';
import { sweepPeriods } from './period-sweep';
import { removeAuction } from './remove-auction.service';

export async function adminPeriodsRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  app.post(
    '/admin/periods/close-now',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        response: { 200: closePeriodResponse, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const { closed, period } = await sweepPeriods(ctx, {
        force: true,
        closedBy: { adminId: request.member!.id },
      });
      return {
        success: true as const,
        closed: closed ? { periodId: closed.periodId, connections: closed.connectionCount } : null,
        period: { id: period.id, end_time: period.end_time.toISOString() },
      };
    },
  );
  app.delete(
    '/admin/auctions/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        params: auctionIdParams,
        response: {
          200: removeAuctionResponse,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const removed = await removeAuction(ctx, request.params.id, request.member!.id);
      return {
        success: true as const,
        auctionId: removed.auctionId,
        refundedBidderId: removed.refunded?.userId ?? null,
      };
    },
  );
}
