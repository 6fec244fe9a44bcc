// The browser side of Web Push: support detection, the service worker, the permission
// prompt and this device's PushSubscription. Errors carry the spec's exact messages.
import { NOTIFICATION_MESSAGES, type PushSubscribeBody } from '@bidboard/shared';
import { isApiError } from '@/lib/api-client';
import { SERVICE_WORKER_URL } from '@/lib/install-app';
import {
  deletePushSubscription,
  getVapidPublicKey,
  savePushSubscription,
} from '../api/push-subscriptions';

export class PushSetupError extends Error {}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    'serviceWorker' in navigator
  );
}

/** VAPID keys travel base64url-encoded; PushManager wants the raw bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This device's live subscription, if notifications are on here. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported() || Notification.permission !== 'granted') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function enableBrowserPush(): Promise<void> {
  if (!pushSupported()) throw new PushSetupError(NOTIFICATION_MESSAGES.pushUnsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError(NOTIFICATION_MESSAGES.pushDenied);
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
    const registration = await navigator.serviceWorker.ready;
    const { publicKey } = await getVapidPublicKey();
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(publicKey),
      }));
    await savePushSubscription(subscription.toJSON() as PushSubscribeBody);
  } catch {
    throw new PushSetupError(NOTIFICATION_MESSAGES.pushFailed);
  }
}

export async function disableBrowserPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await deletePushSubscription(subscription.endpoint);
  } catch (error) {
    // Already gone on the server (e.g. expired): still unsubscribe here.
    if (!(isApiError(error) && error.status === 404)) throw error;
  }
  await subscription.unsubscribe();
}
