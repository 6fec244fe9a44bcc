// HTTP adapter for date plans (issue 45): a conversation's plans and a proposal under
// /api/chat/conversations/{cid}/dates, a plan's answer, move, cancellation and calendar file
// under /api/dates/{id}. Every route needs a signed-in member; the services decide whether
// they are one of the plan's two.
import {
  answerDateBody,
  checkInBody,
  checkInResponse,
  cidParams,
  contestMetBody,
  datePlanParams,
  datePlanResponse,
  datePlansResponse,
  errorResponseSchema,
  metBody,
  proposeDateBody,
  shareDateBody,
  sharedDateResponse,
  shareTokenParams,
} from '@bidboard/shared';
import { z } from 'zod';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { answerCheckIn } from './date-check-ins.service';
import { answerMet, contestNoShow } from './date-met.service';
import {
  answerDate,
  cancelDate,
  listPlans,
  moveDate,
  planCalendar,
  proposeDate,
} from './date-plans.service';
import { shareDate, sharedDate, stopSharingDate } from './date-shares.service';
import type { DatesContext } from './dates.context';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['dates'];

export async function datesRoutes(app: FastifyZodApp, { ctx }: { ctx: DatesContext }) {
  const member = { onRequest: app.requireMember };

  app.get(
    '/chat/conversations/:cid/dates',
    {
      ...member,
      schema: { tags, params: cidParams, response: { 200: datePlansResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      plans: await listPlans(ctx, request.member!.id, request.params.cid),
    }),
  );

  app.post(
    '/chat/conversations/:cid/dates',
    {
      ...member,
      schema: {
        tags,
        params: cidParams,
        body: proposeDateBody,
        response: { 200: datePlanResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      plan: await proposeDate(ctx, request.member!.id, request.params.cid, request.body),
    }),
  );

  app.post(
    '/dates/:id/answer',
    {
      ...member,
      schema: {
        tags,
        params: datePlanParams,
        body: answerDateBody,
        response: { 200: datePlanResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      plan: await answerDate(ctx, request.member!.id, request.params.id, request.body.answer),
    }),
  );

  app.post(
    '/dates/:id/move',
    {
      ...member,
      schema: {
        tags,
        params: datePlanParams,
        body: proposeDateBody,
        response: { 200: datePlanResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      plan: await moveDate(ctx, request.member!.id, request.params.id, request.body),
    }),
  );

  app.post(
    '/dates/:id/cancel',
    {
      ...member,
      schema: { tags, params: datePlanParams, response: { 200: datePlanResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      plan: await cancelDate(ctx, request.member!.id, request.params.id),
    }),
  );

  app.get(
    '/dates/:id/calendar.ics',
    {
      ...member,
      schema: { tags, params: datePlanParams, response: { 200: z.string(), ...errors } },
    },
    async (request, reply) => {
      const file = await planCalendar(ctx, request.member!.id, request.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="date-${request.params.id}.ics"`)
        .send(file);
    },
  );

  app.post(
    '/dates/:id/share',
    {
      ...member,
      schema: {
        tags,
        params: datePlanParams,
        body: shareDateBody,
        response: { 200: datePlanResponse, ...errors, 502: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      plan: await shareDate(
        ctx,
        request.member!.id,
        request.params.id,
        request.body,
        `${request.protocol}://${request.host}`,
      ),
    }),
  );

  app.delete(
    '/dates/:id/share',
    {
      ...member,
      schema: { tags, params: datePlanParams, response: { 200: datePlanResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      plan: await stopSharingDate(ctx, request.member!.id, request.params.id),
    }),
  );

  app.post(
    '/dates/:id/check-in',
    {
      ...member,
      schema: {
        tags,
        params: datePlanParams,
        body: checkInBody,
        response: { 200: checkInResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await answerCheckIn(ctx, request.member!.id, request.params.id, request.body.answer)),
    }),
  );

  app.post(
    '/dates/:id/met',
    {
      ...member,
      schema: {
        tags,
        params: datePlanParams,
        body: metBody,
        response: { 200: datePlanResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      plan: await answerMet(ctx, request.member!.id, request.params.id, request.body.answer),
    }),
  );

  // The other's no-show against the member stops counting and reaches the reports queue.
  app.post(
    '/dates/:id/contest',
    {
      ...member,
      schema: {
        tags,
        params: datePlanParams,
        body: contestMetBody,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await contestNoShow(ctx, request.member!.id, request.params.id, request.body.text);
      return { success: true as const };
    },
  );

  // Public: the trusted contact has no account; the token is the only key.
  app.get(
    '/shared-dates/:token',
    {
      schema: {
        tags,
        params: shareTokenParams,
        response: { 200: sharedDateResponse, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return { success: true as const, date: await sharedDate(ctx, request.params.token) };
    },
  );
}
