// HTTP adapter for the admins' safety tools (issue 11): the reports queue and its actions,
// suspending, restoring and deleting a member. The role is checked before anything is parsed.
import {
  adminDeleteMemberResponse,
  adminReportsQuery,
  adminReportsResponse,
  fraudHoldBody,
  fraudHoldResponse,
  memberIdParams,
  reportActionBody,
  reportActionResponse,
  reportIdParams,
  suspendBody,
  suspensionResponse,
} from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import {
  actOnReport,
  deleteMemberAccount,
  restoreMember,
  setMemberFraudHold,
  suspendMember,
} from './admin-safety.service';
import { listReports } from './reports.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['admin'];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function adminSafetyRoutes(
  app: FastifyZodApp,
  {
    ctx,
    onStorageDeletionsQueued,
    onRemoval,
  }: {
    ctx: ServiceContext;
    onStorageDeletionsQueued: () => void;
    /** After a suspension or deletion commits: a fraud removal's contacts are told at once. */
    onRemoval: () => void;
  },
) {
  const admin = { onRequest: app.requireAdmin };

  app.get(
    '/admin/reports',
    {
      ...admin,
      schema: {
        tags,
        querystring: adminReportsQuery,
        response: { 200: adminReportsResponse, ...errors },
      },
    },
    async (request) => listReports(ctx, request.query),
  );
  app.post(
    '/admin/reports/:id/action',
    {
      ...admin,
      schema: {
        tags,
        params: reportIdParams,
        body: reportActionBody,
        response: { 200: reportActionResponse, ...errors },
      },
    },
    async (request) => {
      const { report } = await actOnReport(
        ctx,
        request.member!.id,
        request.params.id,
        request.body,
      );
      if (request.body.action === 'suspend') onRemoval();
      return { report };
    },
  );
  app.post(
    '/admin/users/:userId/suspend',
    {
      ...admin,
      schema: {
        tags,
        params: memberIdParams,
        body: suspendBody,
        response: { 200: suspensionResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = await suspendMember(
        ctx,
        request.member!.id,
        request.params.userId,
        request.body.reason,
        request.body.category,
      );
      onRemoval();
      return { user: { ...user, suspended_at: iso(user.suspended_at) } };
    },
  );
  app.post(
    '/admin/users/:userId/fraud-hold',
    {
      ...admin,
      schema: {
        tags,
        params: memberIdParams,
        body: fraudHoldBody,
        response: { 200: fraudHoldResponse, ...errors },
      },
    },
    async (request) =>
      setMemberFraudHold(ctx, request.member!.id, request.params.userId, request.body.held),
  );
  app.post(
    '/admin/users/:userId/delete',
    {
      ...admin,
      schema: {
        tags,
        params: memberIdParams,
        body: suspendBody,
        response: { 200: adminDeleteMemberResponse, ...errors },
      },
    },
    async (request) => {
      const deleted = await deleteMemberAccount(
        ctx,
        request.member!.id,
        request.params.userId,
        request.body.reason,
        request.body.category,
      );
      onStorageDeletionsQueued();
      onRemoval();
      return deleted;
    },
  );
  app.post(
    '/admin/users/:userId/restore',
    {
      ...admin,
      schema: { tags, params: memberIdParams, response: { 200: suspensionResponse, ...errors } },
    },
    async (request) => {
      const { user } = await restoreMember(ctx, request.member!.id, request.params.userId);
      return { user: { ...user, suspended_at: iso(user.suspended_at) } };
    },
  );
}
