// The admin's year-end payee reports (issue 43): GET answers the CSV with ids masked; the
// full-id report is a POST, an explicit act (never a link a browser could prefetch), and
// is audited. Both check the admin role on onRequest, before anything is parsed.
import { payeeReportQuery } from '@bidboard/shared';
import type { FastifyReply } from 'fastify';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { type PayeeReport, payeeReport, payeeReportWithFullIds } from './payee-report.service';
import type { PayeesContext } from './payees.service';

const tags = ['admin'];
// The body is the CSV file itself, so no response schema shapes a 200.
const errors = errorResponses(400, 401, 403);

const sendCsv = (reply: FastifyReply, { filename, csv }: PayeeReport) =>
  reply
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .type('text/csv; charset=utf-8')
    .send(csv);

export async function adminPayeesRoutes(app: FastifyZodApp, { ctx }: { ctx: PayeesContext }) {
  const admin = { onRequest: app.requireAdmin };
  app.get(
    '/admin/payee-report',
    { ...admin, schema: { tags, querystring: payeeReportQuery, response: errors } },
    async (request, reply) => sendCsv(reply, await payeeReport(ctx, request.query)),
  );
  app.post(
    '/admin/payee-report/full-ids',
    { ...admin, schema: { tags, body: payeeReportQuery, response: errors } },
    async (request, reply) =>
      sendCsv(reply, await payeeReportWithFullIds(ctx, request.body, request.member!.id)),
  );
}
