// GET /api/admin/audit-log: the console's read-only view. There is no route that
// changes an entry, by design.
import { auditLogQuery, auditLogResponse, errorResponseSchema } from '@bidboard/shared';
import type { Db } from '../../db/client';
import type { FastifyZodApp } from '../../lib/fastify';
import { listAuditLog } from './audit.service';

export async function auditRoutes(app: FastifyZodApp, { db }: { db: Db }) {
  app.get(
    '/admin/audit-log',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        querystring: auditLogQuery,
        response: {
          200: auditLogResponse,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => ({ success: true as const, entries: await listAuditLog(db, request.query) }),
  );
}
