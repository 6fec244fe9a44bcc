// HTTP adapter for the daily claim and the transaction history (marketplace §7 Tokens).
import {
  checkTokensResponse,
  claimTokensResponse,
  MESSAGES,
  tokenOriginsResponse,
  transactionsQuery,
  transactionsResponse,
} from '@bidboard/shared';
import type { FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { claimDailyTokens, dailyClaimStatus } from './daily-claim.service';
import { memberTokenOrigins, memberTransactions } from './ledger';

const errors = errorResponses(400, 401);
const tags = ['tokens'];

export async function tokensRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  const member = { onRequest: app.requireMember };
  // Marketplace §8 words the claim's 401 differently from the rest of the API.
  const claimer = {
    onRequest: async (request: FastifyRequest) => {
      try {
        await app.requireMember(request);
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_AUTHENTICATED')
          throw new AppError('NOT_AUTHENTICATED', 401, MESSAGES.userNotAuthenticated);
        throw error;
      }
    },
  };
  app.post(
    '/claimTokens',
    { ...claimer, schema: { tags, response: { 200: claimTokensResponse, ...errors } } },
    async (request) => claimDailyTokens(ctx, request.member!.id),
  );
  app.get(
    '/checkTokens',
    { ...member, schema: { tags, response: { 200: checkTokensResponse, ...errors } } },
    async (request) => dailyClaimStatus(ctx, request.member!.id),
  );
  app.get(
    '/tokens/origins',
    { ...member, schema: { tags, response: { 200: tokenOriginsResponse, ...errors } } },
    async (request) => memberTokenOrigins(ctx.db, request.member!.id),
  );
  app.get(
    '/transactions',
    {
      ...member,
      schema: {
        tags,
        querystring: transactionsQuery,
        response: { 200: transactionsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      transactions: await memberTransactions(ctx.db, request.member!.id, request.query),
    }),
  );
}
