// HTTP adapter for marketplace §7 Auctions. The Bid Board is public; bidding and the
// member's own lists need a signed-in member.
import {
  AUCTION_MESSAGES,
  auctionBidsResponse,
  auctionIdParams,
  auctionProfileDataBody,
  auctionProfileDataResponse,
  auctionResponse,
  auctionResultsResponse,
  auctionsResponse,
  createAuctionBody,
  currentPeriodResponse,
  hasLiveAuctionResponse,
  listAuctionsBody,
  periodEndTimeParams,
  periodEndTimeResponse,
  placeBidBody,
  searchAuctionsBody,
  userAuctionsResponse,
  userBidsResponse,
} from '@bidboard/shared';
import type { FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { auctionBids, memberBids, placeBid } from '../bids/bids.service';
import { memberResults } from './auction-results';
import {
  auctionProfileData,
  createOwnAuction,
  getAuction,
  hasLiveAuction,
  listAuctions,
  searchAuctions,
  userAuctions,
} from './auctions.service';
import { currentPeriod, periodById } from './periods.service';

const errors = errorResponses(400, 401, 404);
const tags = ['auctions'];

export async function auctionsRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  const member = { onRequest: app.requireMember };
  /** The signed-in member when a valid bearer token came; visitors browse anonymously. */
  const viewerOf = async (request: FastifyRequest) => {
    if (!request.headers.authorization) return null;
    try {
      await app.requireMember(request);
      return request.member;
    } catch {
      return null;
    }
  };

  app.get(
    '/auctions/current-period',
    { schema: { tags, response: { 200: currentPeriodResponse, ...errors } } },
    async () => {
      const period = await currentPeriod(ctx.db);
      if (!period) throw notFound(AUCTION_MESSAGES.periodNotFound);
      return {
        success: true as const,
        period: { id: period.id, end_time: period.end_time.toISOString() },
      };
    },
  );
  app.get(
    '/auctions/period/:periodId/end_time',
    {
      schema: {
        tags,
        params: periodEndTimeParams,
        response: { 200: periodEndTimeResponse, ...errors },
      },
    },
    async (request) => {
      const period = await periodById(ctx.db, request.params.periodId);
      if (!period) throw notFound(AUCTION_MESSAGES.periodNotFound);
      return { success: true as const, end_time: period.end_time.toISOString() };
    },
  );
  app.post(
    '/auctions',
    { schema: { tags, body: listAuctionsBody, response: { 200: auctionsResponse, ...errors } } },
    async (request) => ({
      auctions: await listAuctions(ctx, request.body, await viewerOf(request)),
    }),
  );
  app.post(
    '/auctions/search',
    { schema: { tags, body: searchAuctionsBody, response: { 200: auctionsResponse, ...errors } } },
    async (request) => ({
      auctions: await searchAuctions(ctx, request.body.searchString, (await viewerOf(request))?.id),
    }),
  );
  app.post(
    '/auctions/auction_profile_data',
    {
      schema: {
        tags,
        body: auctionProfileDataBody,
        response: { 200: auctionProfileDataResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      auctionProfileData: await auctionProfileData(
        ctx,
        request.body.auctionIds,
        await viewerOf(request),
      ),
    }),
  );
  app.get(
    '/auctions/user',
    { ...member, schema: { tags, response: { 200: userAuctionsResponse, ...errors } } },
    async (request) => ({
      success: true as const,
      auctions: await userAuctions(ctx, request.member!.id),
    }),
  );
  app.get(
    '/auctions/user/has-live-auction',
    { ...member, schema: { tags, response: { 200: hasLiveAuctionResponse, ...errors } } },
    async (request) => ({
      success: true as const,
      hasLiveAuction: await hasLiveAuction(ctx, request.member!.id),
    }),
  );
  app.post(
    '/auctions/create',
    {
      ...member,
      schema: { tags, body: createAuctionBody, response: { 200: auctionResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      auction: await createOwnAuction(ctx, request.member!, request.body),
    }),
  );
  app.get(
    '/auctions/results',
    { ...member, schema: { tags, response: { 200: auctionResultsResponse, ...errors } } },
    async (request) => ({
      success: true as const,
      results: await memberResults(ctx.db, request.member!.id, ctx.clock()),
    }),
  );
  app.get(
    '/auctions/:id',
    { schema: { tags, params: auctionIdParams, response: { 200: auctionResponse, ...errors } } },
    async (request) => ({
      success: true as const,
      auction: await getAuction(ctx, request.params.id, (await viewerOf(request))?.id),
    }),
  );
  app.get(
    '/auctions/:id/bids',
    {
      schema: { tags, params: auctionIdParams, response: { 200: auctionBidsResponse, ...errors } },
    },
    async (request) => {
      const viewerId = (await viewerOf(request))?.id ?? null;
      await getAuction(ctx, request.params.id, viewerId);
      return {
        success: true as const,
        bids: await auctionBids(ctx.db, request.params.id, viewerId),
      };
    },
  );
  app.post(
    '/auctions/:id/bids',
    {
      ...member,
      schema: {
        tags,
        params: auctionIdParams,
        body: placeBidBody,
        response: { 200: auctionResponse, ...errors },
      },
    },
    async (request) => {
      await placeBid(ctx, {
        auctionId: request.params.id,
        bidderId: request.member!.id,
        amount: request.body.amount,
        maximum: request.body.maximum,
      });
      return {
        success: true as const,
        auction: await getAuction(ctx, request.params.id, request.member!.id),
      };
    },
  );
  app.get(
    '/bids/user',
    { ...member, schema: { tags, response: { 200: userBidsResponse, ...errors } } },
    async (request) => ({
      success: true as const,
      bids: await memberBids(ctx.db, request.member!.id),
    }),
  );
}
