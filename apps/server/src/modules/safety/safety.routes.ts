// HTTP adapter for members' safety tools (issue 11): blocking and unblocking, reporting,
// deleting the account, downloading one's data, and the deleted-user placeholder partners
// see (marketplace §7 Connections: /get-deleted-user/{id} and its profile icon).
import {
  blockBody,
  blockResponse,
  blocksResponse,
  DELETED_USER_ICON,
  DELETED_USER_NAME,
  deleteAccountBody,
  deleteAccountResponse,
  deletedUserIconResponse,
  deletedUserResponse,
  memberIdParams,
  reportBody,
  reportResponse,
  SAFETY_MESSAGES,
  unblockResponse,
} from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';

import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { deleteAccount, deletedMemberId } from './account-deletion.service';
import { blockAndSeparate, listBlocks, unblockAndShow } from './blocking.service';
import { exportMemberData } from './data-export.service';
import { reportMember } from './reports.service';

const errors = errorResponses(400, 401, 404, 409);
const tags = ['safety'];

export async function safetyRoutes(
  app: FastifyZodApp,
  { ctx, onStorageDeletionsQueued }: { ctx: ServiceContext; onStorageDeletionsQueued: () => void },
) {
  const member = { onRequest: app.requireMember };

  app.get(
    '/blocks',
    { ...member, schema: { tags, response: { 200: blocksResponse, ...errors } } },
    async (request) => ({ blocks: await listBlocks(ctx, request.member!.id) }),
  );
  app.post(
    '/blocks',
    { ...member, schema: { tags, body: blockBody, response: { 200: blockResponse, ...errors } } },
    async (request) => ({
      success: true as const,
      ...(await blockAndSeparate(ctx, request.member!.id, request.body.user_id)),
    }),
  );
  app.delete(
    '/blocks/:userId',
    {
      ...member,
      schema: { tags, params: memberIdParams, response: { 200: unblockResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      ...(await unblockAndShow(ctx, request.member!.id, request.params.userId)),
    }),
  );
  app.post(
    '/reports',
    { ...member, schema: { tags, body: reportBody, response: { 200: reportResponse, ...errors } } },
    async (request) => ({
      success: true as const,
      ...(await reportMember(ctx, request.member!.id, request.body)),
    }),
  );
  app.delete(
    '/account',
    {
      ...member,
      schema: {
        tags,
        body: deleteAccountBody,
        response: { 200: deleteAccountResponse, ...errors },
      },
    },
    async (request) => {
      await deleteAccount(ctx, request.member!.id);
      onStorageDeletionsQueued();
      return { success: true as const, message: SAFETY_MESSAGES.accountDeleted };
    },
  );
  app.get(
    '/account/export',
    // The body is the export file itself, so no response schema shapes it.
    { ...member, schema: { tags } },
    async (request, reply) => {
      const data = await exportMemberData(ctx, request.member!.id);
      const day = data.exported_at.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="bidboard-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .type('application/json')
        .send(JSON.stringify(data, null, 2));
    },
  );
  app.get(
    '/get-deleted-user/:userId',
    {
      ...member,
      schema: { tags, params: memberIdParams, response: { 200: deletedUserResponse, ...errors } },
    },
    async (request) => {
      return {
        deletedUser: {
          id: await deletedMemberId(ctx.db, request.params.userId),
          username: DELETED_USER_NAME,
          deleted: true as const,
          profileIcon: DELETED_USER_ICON,
        },
      };
    },
  );
  app.get(
    '/get-deleted-user/profile-icon/:userId',
    {
      ...member,
      schema: {
        tags,
        params: memberIdParams,
        response: { 200: deletedUserIconResponse, ...errors },
      },
    },
    async (request) => {
      await deletedMemberId(ctx.db, request.params.userId);
      return { profileIcon: DELETED_USER_ICON };
    },
  );
}
