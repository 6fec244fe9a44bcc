// HTTP adapter for dating-safety notices: the member's notice state and acknowledging it.
import { acknowledgeNoticeBody, safetyNoticeStateResponse } from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { acknowledgeSafetyNotice, safetyNoticeState } from './safety-notices.service';

const errors = errorResponses(400, 401, 404);
const tags = ['safety'];

export async function safetyNoticesRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  const member = { onRequest: app.requireMember };
  app.get(
    '/safety-notices',
    { ...member, schema: { tags, response: { 200: safetyNoticeStateResponse, ...errors } } },
    async (request) => safetyNoticeState(ctx, request.member!.id),
  );
  app.post(
    '/safety-notices/acknowledge',
    {
      ...member,
      schema: {
        tags,
        body: acknowledgeNoticeBody,
        response: { 200: safetyNoticeStateResponse, ...errors },
      },
    },
    async (request) => acknowledgeSafetyNotice(ctx, request.member!.id, request.body.placement),
  );
}
