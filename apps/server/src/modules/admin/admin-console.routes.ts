// The console's own admin API (issue 11): overview, members (list, profile, approve,
// reject), the media review queue and decisions, and the open period's live auctions.
// Every route checks the admin role on onRequest, before anything is parsed.
import {
  adminAuctionsQuery,
  adminAuctionsResponse,
  adminMemberParams,
  adminMemberResponse,
  adminMembersQuery,
  adminMembersResponse,
  adminOverviewResponse,
  adminReviewQueueResponse,
  rejectMemberBody,
  reviewImageResponse,
  reviewMediaBody,
  reviewMediaParams,
  reviewVideoResponse,
} from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { listMembers, memberDetail } from './admin-members.service';
import { adminOverview, liveAuctions } from './admin-overview.service';
import { reviewPhoto, reviewQueue, reviewVideo } from './media-review.service';
import { approveMemberById, rejectMember } from './member-approval.service';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404);

export async function adminConsoleRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  const admin = { onRequest: app.requireAdmin };

  app.get(
    '/admin/overview',
    { ...admin, schema: { tags, response: { 200: adminOverviewResponse, ...errors } } },
    () => adminOverview(ctx.db, ctx.clock()),
  );

  app.get(
    '/admin/auctions',
    {
      ...admin,
      schema: {
        tags,
        querystring: adminAuctionsQuery,
        response: { 200: adminAuctionsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      auctions: await liveAuctions(ctx.db, request.query),
    }),
  );

  app.get(
    '/admin/users',
    {
      ...admin,
      schema: {
        tags,
        querystring: adminMembersQuery,
        response: { 200: adminMembersResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, ...(await listMembers(ctx, request.query)) }),
  );

  const memberResponse = async (id: number) => ({
    success: true as const,
    member: await memberDetail(ctx, id),
  });

  app.get(
    '/admin/users/:id',
    {
      ...admin,
      schema: {
        tags,
        params: adminMemberParams,
        response: { 200: adminMemberResponse, ...errors },
      },
    },
    (request) => memberResponse(request.params.id),
  );

  app.post(
    '/admin/users/:id/approve',
    {
      ...admin,
      schema: {
        tags,
        params: adminMemberParams,
        response: { 200: adminMemberResponse, ...errors },
      },
    },
    async (request) => {
      await approveMemberById(ctx, request.params.id, request.member!.id);
      return memberResponse(request.params.id);
    },
  );

  app.post(
    '/admin/users/:id/reject',
    {
      ...admin,
      schema: {
        tags,
        params: adminMemberParams,
        body: rejectMemberBody,
        response: { 200: adminMemberResponse, ...errors },
      },
    },
    async (request) => {
      await rejectMember(ctx, request.params.id, request.body.reason, request.member!.id);
      return memberResponse(request.params.id);
    },
  );

  app.get(
    '/admin/media/pending',
    { ...admin, schema: { tags, response: { 200: adminReviewQueueResponse, ...errors } } },
    async () => ({ success: true as const, items: await reviewQueue(ctx) }),
  );

  app.post(
    '/admin/media/images/:id/review',
    {
      ...admin,
      schema: {
        tags,
        params: reviewMediaParams,
        body: reviewMediaBody,
        response: { 200: reviewImageResponse, ...errors },
      },
    },
    async (request) => ({
      success: true,
      image: await reviewPhoto(ctx, request.params.id, request.body.status, request.member!.id),
    }),
  );

  app.post(
    '/admin/media/videos/:id/review',
    {
      ...admin,
      schema: {
        tags,
        params: reviewMediaParams,
        body: reviewMediaBody,
        response: { 200: reviewVideoResponse, ...errors },
      },
    },
    async (request) => ({
      success: true,
      video: await reviewVideo(ctx, request.params.id, request.body.status, request.member!.id),
    }),
  );
}
