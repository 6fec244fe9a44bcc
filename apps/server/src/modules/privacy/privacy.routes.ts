// HTTP adapter for the Privacy Center (issue 42): the member's settings and requests, and
// the admins' queue of open requests. The browser's Global Privacy Control arrives as the
// Sec-GPC header on every request; these routes record it.
import {
  adminPrivacyRequestsResponse,
  idParam,
  privacyPolicyResponse,
  privacyRequestBody,
  privacySettingsBody,
  privacySettingsResponse,
} from '@bidboard/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import {
  adminPrivacyRequests,
  answerPrivacyRequest,
  type PrivacyContext,
  privacySettings,
  requestCorrection,
  updatePrivacySettings,
} from './privacy.service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['privacy'];
const gpcOf = (request: FastifyRequest) => request.headers['sec-gpc'] === '1';

export async function privacyRoutes(
  app: FastifyZodApp,
  { ctx }: { ctx: PrivacyContext & { config: Pick<Config, 'PRIVACY_OFFICER_CONTACT'> } },
) {
  const member = { onRequest: app.requireMember };
  const admin = { onRequest: app.requireAdmin };
  // Public: the privacy policy names the privacy officer for anyone, before joining too.
  app.get(
    '/privacy-policy',
    { schema: { tags, response: { 200: privacyPolicyResponse } } },
    async () => ({ privacy_officer: ctx.config.PRIVACY_OFFICER_CONTACT }),
  );
  app.get(
    '/privacy',
    { ...member, schema: { tags, response: { 200: privacySettingsResponse, ...errors } } },
    async (request) => privacySettings(ctx, request.member!.id, gpcOf(request)),
  );
  app.put(
    '/privacy',
    {
      ...member,
      schema: {
        tags,
        body: privacySettingsBody,
        response: { 200: privacySettingsResponse, ...errors },
      },
    },
    async (request) =>
      updatePrivacySettings(ctx, request.member!.id, request.body.limit_sensitive, gpcOf(request)),
  );
  app.post(
    '/privacy/requests',
    {
      ...member,
      schema: {
        tags,
        body: privacyRequestBody,
        response: { 200: privacySettingsResponse, ...errors },
      },
    },
    async (request) => requestCorrection(ctx, request.member!.id, request.body, gpcOf(request)),
  );
  app.get(
    '/admin/privacy-requests',
    { ...admin, schema: { tags, response: { 200: adminPrivacyRequestsResponse, ...errors } } },
    async () => ({ requests: await adminPrivacyRequests(ctx) }),
  );
  app.post(
    '/admin/privacy-requests/:id/answer',
    {
      ...admin,
      schema: {
        tags,
        params: z.object({ id: idParam }),
        response: { 200: adminPrivacyRequestsResponse, ...errors },
      },
    },
    async (request) => answerPrivacyRequest(ctx, request.member!.id, request.params.id),
  );
}
