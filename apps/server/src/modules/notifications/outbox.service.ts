// Delivers the notification outbox: web push to every browser the member subscribed, and
// SMS to members who opted in and did not text STOP, each decided again at sending time
// from the member's current settings (the bid switch included). A message is not pushed
// to a member who already read it or is reading its conversation in a foreground tab, nor
// one that an account under a fraud hold caused (issue 42: its messages, alerts about it).
// Failures are retried with a growing delay, then given up. Alerts are worded in the
// member's language when written; a message's title is worded here in theirs.
import {
  CHAT_MESSAGES,
  messagePreview,
  PRODUCT_NAME,
  type PushPayload,
  RESULTS_PATH,
} from '@bidboard/shared';
import { keyOfEnglish } from '@bidboard/shared/i18n/texts';
import type { PushSender } from '../../adapters/push/push.port';
import { SmsDeliveryError, type SmsSender } from '../../adapters/sms/sms.port';
import { TWILIO_UNSUBSCRIBED } from '../../adapters/sms/twilio.adapter';
import type { Db } from '../../db/client';
import { notificationMetrics } from '../../lib/metrics';
import { sayText } from '../../lib/texts';
import { deleteSubscriptionById, subscriptionsOf } from './notifications.repository';
import {
  alertContent,
  claimDue,
  finish,
  messageContent,
  type OutboxRow,
  type Outcome,
  type Recipient,
  recipient,
} from './outbox.repository';

/** Attempts before a notification is given up. */
export const OUTBOX_MAX_ATTEMPTS = 6;
/** Rows claimed at a time. */
export const OUTBOX_BATCH = 50;
/** Alerts about bidding follow the member's bid notification switch. */
const BID_ALERTS = new Set([
  'outbid',
  'auction_won',
  'auction_result',
  'second_chance',
  'bid_received',
]);

export interface OutboxDeps {
  db: Db;
  push: PushSender;
  sms: SmsSender;
  /** Whether a live foreground tab of the member shows this conversation. */
  isViewing(userId: number, cid: string): Promise<boolean>;
  publicUrl?: string;
}

interface Notification {
  push: PushPayload;
  sms: string;
}

/** 10 s, 20 s, 40 s, ... up to an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

function alertUrl(kind: string, payload: Record<string, unknown>): string {
  if (
    (kind === 'outbid' || kind === 'bid_received') &&
    typeof payload.auctionCreatorUsername === 'string'
  ) {
    return `/${payload.auctionCreatorUsername}`;
  }
  if (kind === 'connection_expired' || kind === 'connection_reward') return '/';
  if (kind === 'auction_result' || kind === 'second_chance') return RESULTS_PATH;
  // A date's alerts open its conversation, where the plan's card is answered.
  if (kind.startsWith('date_') && typeof payload.cid === 'string') return `/?chat=${payload.cid}`;
  return '/connections';
}

async function compose(deps: OutboxDeps, row: OutboxRow, member: Recipient) {
  const link = (path: string) => (deps.publicUrl ? ` ${new URL(path, deps.publicUrl)}` : '');
  if (row.alert_id !== null) {
    const alert = await alertContent(deps.db, row.alert_id);
    if (!alert || alert.actor_held || alert.names_blocked) return null;
    if (BID_ALERTS.has(alert.kind) && !member.bid_notification) return null;
    const payload = typeof alert.payload === 'string' ? JSON.parse(alert.payload) : alert.payload;
    const url = alertUrl(alert.kind, payload);
    return {
      push: { title: PRODUCT_NAME, body: alert.message, url, tag: `alert-${row.alert_id}` },
      sms: `${PRODUCT_NAME}: ${alert.message}${link(url)}`,
    } satisfies Notification;
  }
  const message = await messageContent(deps.db, row.message_id!, row.user_id);
  if (!message || message.read || message.sender_held) return null;
  if (row.channel === 'push' && (await deps.isViewing(row.user_id, message.cid))) return null;
  const title = sayText(
    member.language,
    { key: 'CHAT_MESSAGES.newMessageTitle', params: { username: message.sender_username } },
    CHAT_MESSAGES.newMessageTitle(message.sender_username),
  );
  const preview = messagePreview(message);
  // The placeholders of what has no text ('[Image]') are ours to word, the rest is theirs.
  const body =
    message.text && message.type !== 'image'
      ? preview
      : sayText(member.language, { key: keyOfEnglish(preview) ?? '' }, preview);
  const url = `/?chat=${message.cid}`;
  return {
    push: { title, body, url, tag: `chat-${message.cid}` },
    sms: `${PRODUCT_NAME}: ${title}${link(url)}`,
  } satisfies Notification;
}

async function sendPush(deps: OutboxDeps, userId: number, payload: PushPayload): Promise<Outcome> {
  const targets = await subscriptionsOf(deps.db, userId);
  if (targets.length === 0) return { status: 'skipped' };
  const body = JSON.stringify(payload);
  let delivered = 0;
  let live = 0;
  for (const target of targets) {
    const result = await deps.push.send(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      body,
    );
    if (result.ok) delivered++;
    else if (result.gone) await deleteSubscriptionById(deps.db, target.id);
    else live++;
  }
  if (delivered > 0) return { status: 'sent' };
  if (live === 0) return { status: 'skipped' };
  return { status: 'retry', error: 'push service refused', delaySeconds: 0 };
}

async function sendSms(deps: OutboxDeps, member: Recipient, body: string): Promise<Outcome> {
  if (!member.sms_notification || member.twilio_stop) return { status: 'skipped' };
  try {
    await deps.sms.send({ to: member.phone_number, body });
    return { status: 'sent' };
  } catch (error) {
    if (error instanceof SmsDeliveryError && error.providerCode === TWILIO_UNSUBSCRIBED) {
      return { status: 'skipped' };
    }
    const text = error instanceof Error ? error.message : String(error);
    return { status: 'retry', error: text.slice(0, 500), delaySeconds: 0 };
  }
}

async function deliver(deps: OutboxDeps, row: OutboxRow): Promise<Outcome> {
  const member = await recipient(deps.db, row.user_id);
  if (!member) return { status: 'skipped' };
  const notification = await compose(deps, row, member);
  if (!notification) return { status: 'skipped' };
  return row.channel === 'push'
    ? sendPush(deps, row.user_id, notification.push)
    : sendSms(deps, member, notification.sms);
}

/** Sends one batch of due notifications; returns how many rows it finished. */
export async function deliverDueNotifications(deps: OutboxDeps): Promise<number> {
  const claimed = await claimDue(deps.db, OUTBOX_BATCH);
  await Promise.all(
    claimed.map(async (row) => {
      let outcome: Outcome;
      try {
        outcome = await deliver(deps, row);
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        outcome = { status: 'retry', error: text.slice(0, 500), delaySeconds: 0 };
      }
      if (outcome.status === 'retry') {
        outcome =
          row.attempts >= OUTBOX_MAX_ATTEMPTS
            ? { status: 'failed', error: outcome.error }
            : { ...outcome, delaySeconds: retryDelaySeconds(row.attempts) };
      }
      await finish(deps.db, row, outcome);
      notificationMetrics.finished(row.channel, outcome.status);
    }),
  );
  return claimed.length;
}
