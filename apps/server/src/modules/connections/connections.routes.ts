// HTTP adapter for marketplace §7 Connections, and the admin's "run the connection
// sweeper now" (the same sweep the timers run; operators and the journeys use it after
// changing a timer setting).
import {
  auctionIdParams,
  CONNECTION_MESSAGES,
  connectionIdParams,
  connectionResponse,
  connectionsResponse,
  listConnectionsBody,
  sweepConnectionsResponse,
  takeSecondChanceResponse,
  updateConnectionStatusBody,
} from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { sweepConnections } from './connection-sweep.service';
import { changeConnectionStatus } from './connections.service';
import { connectionFor, listConnections } from './connections-list.service';
import { takeSecondChance } from './second-chance.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['connections'];

export async function connectionsRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  const member = { onRequest: app.requireMember };
  app.post(
    '/connections',
    {
      ...member,
      schema: {
        tags,
        body: listConnectionsBody,
        response: { 200: connectionsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listConnections(ctx, request.member!.id, request.body)),
    }),
  );
  app.put(
    '/connections/:id/status',
    {
      ...member,
      schema: {
        tags,
        params: connectionIdParams,
        body: updateConnectionStatusBody,
        response: { 200: connectionResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = request.member!.id;
      await changeConnectionStatus(ctx, {
        connectionId: request.params.id,
        memberId,
        status: request.body.status,
      });
      const connection = await connectionFor(ctx, memberId, request.params.id);
      if (!connection) throw notFound(CONNECTION_MESSAGES.notFound);
      return { success: true as const, connection };
    },
  );
  app.post(
    '/auctions/:id/second-chance',
    {
      ...member,
      schema: {
        tags,
        params: auctionIdParams,
        response: { 200: takeSecondChanceResponse, ...errors },
      },
    },
    async (request) => {
      const taken = await takeSecondChance(ctx, {
        auctionId: request.params.id,
        memberId: request.member!.id,
      });
      return {
        success: true as const,
        connectionId: taken.connectionId,
        tokenBalance: taken.ledger.balance_after,
      };
    },
  );
  app.post(
    '/admin/connections/sweep',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], response: { 200: sweepConnectionsResponse, ...errors } },
    },
    async () => ({
      success: true as const,
      ...(await sweepConnections(ctx)),
    }),
  );
}
