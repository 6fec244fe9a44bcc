// HTTP adapter for buying tokens (marketplace §7 Tokens): GET /items,
// POST /create-transaction-token, POST /purchase-tokens, POST /log-payment-error, the
// processor's webhook, and the iframe communicator page the hosted form reports through.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createTransactionTokenBody,
  createTransactionTokenResponse,
  errorResponseSchema,
  itemsResponse,
  logPaymentErrorBody,
  logPaymentErrorResponse,
  PAYMENT_MESSAGES,
  purchaseTokensBody,
  purchaseTokensResponse,
} from '@bidboard/shared';
import type { FastifyRequest } from 'fastify';
import { GatewayUnavailableError } from '../../adapters/payments/payments.port';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { registerSignedWebhook } from '../../lib/signed-webhook';
import { activeBundles, createTransactionToken } from './payment-form.service';
import { insertPaymentError } from './payment-log.service';
import type { PaymentsContext } from './payments.context';
import { confirmPurchase } from './purchase.service';
import { handleGatewayEvent } from './purchase-webhook.service';

const here = path.join(path.dirname(fileURLToPath(import.meta.url)), 'communicator');
const communicatorHtml = readFileSync(path.join(here, 'communicator.html'), 'utf8');
const communicatorJs = readFileSync(path.join(here, 'communicator.js'), 'utf8');

const tags = ['payments'];
const errors = errorResponses(400, 401, 409, 429, 502);

/** The origin the member's browser reached us on, for URLs the processor calls back. */
export function publicOrigin(ctx: PaymentsContext, request: FastifyRequest): string {
  return ctx.config.PUBLIC_URL
    ? new URL(ctx.config.PUBLIC_URL).origin
    : `${request.protocol}://${request.host}`;
}

export async function paymentsRoutes(app: FastifyZodApp, { ctx }: { ctx: PaymentsContext }) {
  const member = { onRequest: app.requireMember };

  app.get(
    '/items',
    { ...member, schema: { tags, response: { 200: itemsResponse, 401: errorResponseSchema } } },
    async () => {
      const items = await activeBundles(ctx.db);
      return { success: true as const, items, count: items.length };
    },
  );

  app.post(
    '/create-transaction-token',
    {
      ...member,
      schema: {
        tags,
        body: createTransactionTokenBody,
        response: { 200: createTransactionTokenResponse, ...errors },
      },
    },
    async (request) =>
      createTransactionToken(ctx, {
        userId: request.member!.id,
        body: request.body,
        communicatorUrl: `${publicOrigin(ctx, request)}/api/payments/communicator.html`,
      }),
  );

  app.post(
    '/purchase-tokens',
    {
      ...member,
      schema: {
        tags,
        body: purchaseTokensBody,
        response: { 200: purchaseTokensResponse, ...errors },
      },
    },
    async (request) => confirmPurchase(ctx, request.member!.id, request.body),
  );

  app.post(
    '/log-payment-error',
    {
      ...member,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        body: logPaymentErrorBody,
        response: { 200: logPaymentErrorResponse, ...errors },
      },
    },
    async (request) => {
      await insertPaymentError(ctx.db, request.member!.id, request.body, ctx.clock());
      return { success: true as const, message: PAYMENT_MESSAGES.errorLogged };
    },
  );

  // The page the hosted form frames: only our pages and the processor's form may frame it.
  const frameAncestors = ["'self'", ...(ctx.gateway.formOrigin ? [ctx.gateway.formOrigin] : [])];
  app.get('/payments/communicator.html', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'self'; frame-ancestors ${frameAncestors.join(' ')}`,
      )
      .removeHeader('x-frame-options')
      .type('text/html; charset=utf-8')
      .send(communicatorHtml),
  );
  app.get('/payments/communicator.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(communicatorJs),
  );

  await registerSignedWebhook(app, {
    path: '/payments/webhook',
    tags,
    handle: async (raw, headers) => ({
      received: true,
      outcome: await handleGatewayEvent(
        ctx,
        ctx.gateway.readWebhook(raw, headers['x-anet-signature']),
      ),
    }),
    unavailable: GatewayUnavailableError,
  });
}
