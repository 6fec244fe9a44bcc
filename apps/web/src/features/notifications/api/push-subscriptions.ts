// Browser push calls: the server's VAPID key, saving and removing this device's
// subscription, and a test push to the member's devices.
import type {
  PushSubscribeBody,
  PushSubscriptionResponse,
  PushTestResponse,
  VapidPublicKeyResponse,
} from '@bidboard/shared';
import { api } from '@/lib/api-client';

export const getVapidPublicKey = () =>
  api.get<VapidPublicKeyResponse>('/notifications/vapid-public-key');

export const savePushSubscription = (body: PushSubscribeBody) =>
  api.post<PushSubscriptionResponse>('/notifications/subscribe', body);

export const deletePushSubscription = (endpoint: string) =>
  api.delete<PushSubscriptionResponse>('/notifications/subscribe', { endpoint });

export const sendTestPush = () => api.post<PushTestResponse>('/notifications/test');
