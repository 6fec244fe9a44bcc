// HTTP adapter for the member's own payee profile: read it (masked) and save it. There is
// no member id in these paths: a member reaches their own profile and no one else's.
import {
  payeeIdentityBody,
  payeeIdentityResponse,
  payeeRecordPolicyResponse,
  payoutsStatementQuery,
  payoutsStatementResponse,
  payoutsYearToDateResponse,
} from '@bidboard/shared';
import type { Config } from '../../config';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import {
  type PayeesContext,
  payoutsStatement,
  readPayeeIdentity,
  savePayeeIdentity,
} from './payees.service';
import { payoutsYearToDate } from './payouts-year.service';

const errors = errorResponses(400, 401);
const tags = ['payouts'];

type RetentionYears = Pick<
  Config,
  'PAYEE_RECORD_RETENTION_YEARS_US' | 'PAYEE_RECORD_RETENTION_YEARS_CA'
>;

export async function payeesRoutes(
  app: FastifyZodApp,
  { ctx }: { ctx: PayeesContext & { config: RetentionYears } },
) {
  const member = { onRequest: app.requireMember };
  // Public: the privacy policy states the years this server keeps a deleted payee's record.
  app.get(
    '/payee-record-policy',
    { schema: { tags, response: { 200: payeeRecordPolicyResponse } } },
    async () => ({
      retention_years: {
        US: ctx.config.PAYEE_RECORD_RETENTION_YEARS_US,
        CA: ctx.config.PAYEE_RECORD_RETENTION_YEARS_CA,
      },
    }),
  );
  app.get(
    '/payee-identity',
    { ...member, schema: { tags, response: { 200: payeeIdentityResponse, ...errors } } },
    async (request) => readPayeeIdentity(ctx, request.member!.id),
  );
  app.put(
    '/payee-identity',
    {
      ...member,
      schema: {
        tags,
        body: payeeIdentityBody,
        response: { 200: payeeIdentityResponse, ...errors },
      },
    },
    async (request) => savePayeeIdentity(ctx, request.member!.id, request.body),
  );
  app.get(
    '/payouts/year-to-date',
    { ...member, schema: { tags, response: { 200: payoutsYearToDateResponse, ...errors } } },
    async (request) => payoutsYearToDate(ctx, request.member!.id),
  );
  app.get(
    '/payouts/statement',
    {
      ...member,
      schema: {
        tags,
        querystring: payoutsStatementQuery,
        response: { 200: payoutsStatementResponse, ...errors },
      },
    },
    async (request) => payoutsStatement(ctx, request.member!.id, request.query.year),
  );
}
