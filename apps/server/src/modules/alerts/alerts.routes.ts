// HTTP adapter for marketplace §7 Alerts; a member only ever reaches their own.
import {
  alertIdParams,
  alertsQuery,
  alertsResponse,
  deleteAlertResponse,
  markAlertsReadBody,
  markAlertsReadResponse,
} from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { deleteAlert, listAlerts, markAlertsRead } from './alerts.service';

const errors = errorResponses(400, 401, 404);
const tags = ['alerts'];

export async function alertsRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  const member = { onRequest: app.requireMember };
  app.get(
    '/alerts',
    {
      ...member,
      schema: { tags, querystring: alertsQuery, response: { 200: alertsResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      ...(await listAlerts(ctx, request.member!.id, request.query)),
    }),
  );
  app.delete(
    '/alerts/:id',
    {
      ...member,
      schema: { tags, params: alertIdParams, response: { 200: deleteAlertResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      ...(await deleteAlert(ctx, request.member!.id, request.params.id)),
    }),
  );
  app.put(
    '/alerts/mark-unread-as-read',
    {
      ...member,
      schema: {
        tags,
        body: markAlertsReadBody,
        response: { 200: markAlertsReadResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await markAlertsRead(ctx, request.member!.id, request.body.alertIds)),
    }),
  );
}
