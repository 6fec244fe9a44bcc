// Browser push subscriptions (accounts §2 Notifications overlay): a member saves and
// removes their own devices and can send themselves a test notification. Subscriptions the
// push service reports gone (404/410) are deleted as they are found. Only public push
// services are accepted (adapters/push/endpoint-guard), and a member keeps at most
// PUSH_SUBSCRIPTIONS_MAX devices: a new one replaces the oldest, since a member cannot
// reach a lost or wiped browser to turn it off, and the cap bounds the pushes one event
// (or one test) sends.
import {
  MESSAGES,
  NOTIFICATION_MESSAGES,
  PUSH_SUBSCRIPTIONS_MAX,
  type PushPayload,
  type PushSubscribeBody,
} from '@bidboard/shared';
import type { PushSender } from '../../adapters/push/push.port';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import {
  deleteSubscription,
  deleteSubscriptionById,
  keepNewestSubscriptions,
  lockMember,
  subscriptionsOf,
  upsertSubscription,
} from './notifications.repository';

export interface PushContext {
  db: Db;
  push: PushSender;
}

export async function subscribe(
  ctx: PushContext,
  userId: number,
  body: PushSubscribeBody,
  userAgent: string | null,
) {
  if (await ctx.push.checkEndpoint(body.endpoint)) {
    throw badRequest('VALIDATION', NOTIFICATION_MESSAGES.endpointRefused);
  }
  await ctx.db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const saved = await upsertSubscription(tx, {
      user_id: userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      user_agent: userAgent?.slice(0, 512) ?? null,
    });
    // A push endpoint belongs to one browser profile; another member cannot take it over.
    if (!saved) throw new AppError('CONFLICT', 409, MESSAGES.forbidden);
    await keepNewestSubscriptions(tx, userId, PUSH_SUBSCRIPTIONS_MAX);
  });
}

export async function unsubscribe(ctx: PushContext, userId: number, endpoint: string) {
  const removed = await deleteSubscription(ctx.db, userId, endpoint);
  if (removed === 0) throw notFound();
}

/** Sends `payload` to every device of the member; returns how many accepted it. */
export async function pushToMember(ctx: PushContext, userId: number, payload: PushPayload) {
  const targets = await subscriptionsOf(ctx.db, userId);
  const message = JSON.stringify(payload);
  const results = await Promise.all(
    targets.map(async (row) => {
      const result = await ctx.push.send(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        message,
      );
      if (!result.ok && result.gone) await deleteSubscriptionById(ctx.db, row.id);
      return result.ok;
    }),
  );
  return results.filter(Boolean).length;
}

export async function sendTestPush(ctx: PushContext, userId: number) {
  const sent = await pushToMember(ctx, userId, {
    title: NOTIFICATION_MESSAGES.testTitle,
    body: NOTIFICATION_MESSAGES.testBody,
    url: '/',
    tag: 'test',
  });
  if (sent === 0) throw notFound(NOTIFICATION_MESSAGES.noSubscriptions);
  return sent;
}
