// HTTP adapter for browser push: the VAPID public key, subscribe/unsubscribe and a test push.
import {
  NOTIFICATION_MESSAGES,
  PUSH_TEST_MAX,
  PUSH_TEST_WINDOW_MINUTES,
  pushSubscribeBody,
  pushSubscriptionResponse,
  pushTestResponse,
  pushUnsubscribeBody,
  vapidPublicKeyResponse,
} from '@bidboard/shared';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { type PushContext, sendTestPush, subscribe, unsubscribe } from './push.service';

const errors = errorResponses(400, 401, 404, 409, 429);

export async function pushRoutes(app: FastifyZodApp, { ctx }: { ctx: PushContext }) {
  const member = { onRequest: app.requireMember };
  const tags = ['notifications'];

  app.get(
    '/notifications/vapid-public-key',
    { schema: { tags, response: { 200: vapidPublicKeyResponse } } },
    async () => ({ publicKey: ctx.push.publicKey }),
  );
  app.post(
    '/notifications/subscribe',
    {
      ...member,
      schema: {
        tags,
        body: pushSubscribeBody,
        response: { 200: pushSubscriptionResponse, ...errors },
      },
    },
    async (request) => {
      await subscribe(ctx, request.member!.id, request.body, request.headers['user-agent'] ?? null);
      return { success: true };
    },
  );
  app.delete(
    '/notifications/subscribe',
    {
      ...member,
      schema: {
        tags,
        body: pushUnsubscribeBody,
        response: { 200: pushSubscriptionResponse, ...errors },
      },
    },
    async (request) => {
      await unsubscribe(ctx, request.member!.id, request.body.endpoint);
      return { success: true };
    },
  );
  app.post(
    '/notifications/test',
    {
      ...member,
      // Each test reaches every device of the member: a per-member budget (shared across
      // servers through Redis when configured) keeps it from becoming a flood.
      config: {
        rateLimit: {
          max: PUSH_TEST_MAX,
          timeWindow: `${PUSH_TEST_WINDOW_MINUTES} minutes`,
          hook: 'preHandler',
          keyGenerator: (request) => `push-test:${request.member?.id}`,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            message: NOTIFICATION_MESSAGES.testTooOften,
            code: 'RATE_LIMITED',
            retryAfter: context.after,
          }),
        },
      },
      schema: { tags, response: { 200: pushTestResponse, ...errors } },
    },
    async (request) => ({ success: true, sent: await sendTestPush(ctx, request.member!.id) }),
  );
}
