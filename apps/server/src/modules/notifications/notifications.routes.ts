// Notifications module: browser push (VAPID keys, subscriptions, test push) and the SMS
// opt-out webhook. Registered once under /api.
import { createPushSender } from '../../adapters/push';
import type { ServiceContext } from '../../lib/context';
import type { FastifyZodApp } from '../../lib/fastify';
import { pushRoutes } from './push.routes';
import { smsInboundRoutes } from './sms-inbound.routes';

export async function notificationsRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  const push = createPushSender(ctx.config);
  await app.register(pushRoutes, { ctx: { db: ctx.db, push } });
  await app.register(smsInboundRoutes, { db: ctx.db, config: ctx.config });
}
