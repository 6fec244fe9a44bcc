// Admin API for card payments (the console of issue 11 builds on it): the payment errors
// members hit, members flagged for review, and recording a refund or chargeback the
// processor reported outside its webhooks (Authorize.Net reports chargebacks by email);
// and the token bundles on sale, edited under the bundle floor.
import {
  adminBundleParams,
  adminBundleResponse,
  adminBundlesResponse,
  adminBundleUpdateBody,
  adminPaymentErrorsQuery,
  adminPaymentErrorsResponse,
  adminPaymentReviewResponse,
  adminPaymentReviewsQuery,
  adminPaymentReviewsResponse,
  PAYMENT_MESSAGES,
  paymentReviewParams,
  resolvePaymentReviewBody,
  reversePurchaseBody,
  reversePurchaseParams,
  reversePurchaseResponse,
} from '@bidboard/shared';
import { notFound } from '../../lib/errors';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { listBundles, updateBundle } from './bundles.service';
import {
  listPaymentErrors,
  listPaymentReviews,
  resolvePaymentReviewAsAdmin,
} from './payment-log.service';
import type { PaymentsContext } from './payments.context';
import { reversePurchase } from './purchase-reversal.service';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404);

export async function adminPaymentsRoutes(app: FastifyZodApp, { ctx }: { ctx: PaymentsContext }) {
  const admin = { onRequest: app.requireAdmin };

  app.get(
    '/admin/bundles',
    { ...admin, schema: { tags, response: { 200: adminBundlesResponse, ...errors } } },
    async () => ({ success: true as const, bundles: await listBundles(ctx.db) }),
  );

  app.put(
    '/admin/bundles/:id',
    {
      ...admin,
      schema: {
        tags,
        params: adminBundleParams,
        body: adminBundleUpdateBody,
        response: { 200: adminBundleResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      bundle: await updateBundle(
        ctx.db,
        ctx.config,
        request.params.id,
        request.body,
        request.member!.id,
      ),
    }),
  );

  app.get(
    '/admin/payment-errors',
    {
      ...admin,
      schema: {
        tags,
        querystring: adminPaymentErrorsQuery,
        response: { 200: adminPaymentErrorsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      errors: await listPaymentErrors(ctx.db, request.query),
    }),
  );

  app.get(
    '/admin/payment-reviews',
    {
      ...admin,
      schema: {
        tags,
        querystring: adminPaymentReviewsQuery,
        response: { 200: adminPaymentReviewsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      reviews: await listPaymentReviews(ctx.db, request.query),
    }),
  );

  app.post(
    '/admin/payment-reviews/:id/resolve',
    {
      ...admin,
      schema: {
        tags,
        params: paymentReviewParams,
        body: resolvePaymentReviewBody,
        response: { 200: adminPaymentReviewResponse, ...errors },
      },
    },
    async (request) => {
      const review = await resolvePaymentReviewAsAdmin(ctx.db, {
        id: request.params.id,
        adminId: request.member!.id,
        note: request.body.note,
        now: ctx.clock(),
      });
      return { success: true as const, review };
    },
  );

  app.post(
    '/admin/purchases/:transactionId/reverse',
    {
      ...admin,
      schema: {
        tags,
        params: reversePurchaseParams,
        body: reversePurchaseBody,
        response: { 200: reversePurchaseResponse, ...errors },
      },
    },
    async (request) => {
      const { transactionId } = request.params;
      const result = await reversePurchase(ctx, {
        transactionId,
        reason: request.body.reason,
        adminId: request.member!.id,
      });
      if (result.status === 'unknown') throw notFound(PAYMENT_MESSAGES.purchaseNotFound);
      if (result.status === 'already') {
        return {
          success: true as const,
          transactionId,
          tokensTaken: 0,
          tokensOwed: 0,
          reviewId: null,
        };
      }
      return {
        success: true as const,
        transactionId,
        tokensTaken: result.tokensTaken,
        tokensOwed: result.tokensOwed,
        reviewId: result.reviewId,
      };
    },
  );
}
