// Browser push and SMS notification settings (accounts §2 Notifications overlay, §8): the
// push-subscription contract and the exact user-facing copy of the overlay.
import { z } from 'zod';
import { safeText } from './common';

/** What the service worker receives in a push message and shows as a notification. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string().optional(),
  url: z.string().optional(),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const vapidPublicKeyResponse = z.object({ publicKey: z.string() });
export type VapidPublicKeyResponse = z.infer<typeof vapidPublicKeyResponse>;

// Push services are always reached over HTTPS (RFC 8030); the keys are base64url.
const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]+={0,2}$/)
  .max(256);
const endpoint = z.url({ protocol: /^https$/ }).max(2048);

/** `PushSubscription.toJSON()` as the browser gives it (expirationTime is ignored). */
export const pushSubscribeBody = z.object({
  endpoint,
  keys: z.object({ p256dh: base64url, auth: base64url }),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBody>;

export const pushUnsubscribeBody = z.object({ endpoint });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBody>;

export const pushSubscriptionResponse = z.object({ success: z.boolean() });
export type PushSubscriptionResponse = z.infer<typeof pushSubscriptionResponse>;

/** Twilio's inbound-message webhook: the sender and the text (STOP, START, ...). */
export const inboundSmsBody = z.looseObject({
  From: safeText({ max: 32 }),
  Body: safeText({ max: 2000, multiline: true }),
});

export const pushTestResponse = z.object({ success: z.boolean(), sent: z.number().int() });
export type PushTestResponse = z.infer<typeof pushTestResponse>;
