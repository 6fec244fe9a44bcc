// POST /api/admin/tokens/adjustments: an audited admin adjustment (ledger type
// 'adjustment', the admin named on the row, the reason in the audit log); a paid or
// redeemable grant records the cash received for it.
import {
  adminTokenAdjustmentBody,
  adminTokenAdjustmentResponse,
  errorResponseSchema,
} from '@bidboard/shared';
import type { FastifyZodApp } from '../../lib/fastify';
import type { PublishingContext } from '../../lib/realtime';
import { adjustTokens } from './admin.service';

export async function adminTokensRoutes(app: FastifyZodApp, { ctx }: { ctx: PublishingContext }) {
  app.post(
    '/admin/tokens/adjustments',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        body: adminTokenAdjustmentBody,
        response: {
          200: adminTokenAdjustmentResponse,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { username, amount, redeemable, paid, reason, cash_cents, cash_reference } =
        request.body;
      const adjusted = await adjustTokens(ctx, username, amount, {
        redeemable,
        paid,
        reason,
        actorId: request.member!.id,
        cash:
          cash_cents !== undefined && cash_reference
            ? { cents: cash_cents, reference: cash_reference }
            : undefined,
      });
      request.log.info(
        { adminId: request.member!.id, userId: adjusted.id, amount, redeemable, paid },
        'admin token adjustment',
      );
      return {
        success: true as const,
        userId: adjusted.id,
        username: adjusted.username,
        tokenBalance: adjusted.tokenBalance,
        redeemableTokens: adjusted.redeemableTokens,
      };
    },
  );
}
