// Notifications module: browser push (VAPID keys, subscriptions, test push) and the SMS
// opt-out webhook. Registered once under /api.
import type { PushSender } from '../../adapters/push/push.port';
import type { ServiceContext } from '../../lib/context';
import type { FastifyZodApp } from '../../lib/fastify';
import { pushRoutes } from './push.routes';
import { smsInboundRoutes } from './sms-inbound.routes';

export async function notificationsRoutes(
  app: FastifyZodApp,
  { ctx, push }: { ctx: ServiceContext; push: PushSender },
) {
  await app.register(pushRoutes, { ctx: { db: ctx.db, push } });
  await app.register(smsInboundRoutes, { db: ctx.db, config: ctx.config });
}
