import type { Config } from '../../config';
import type { PushSender } from './push.port';
import { loadVapidKeys } from './vapid-keys';
import { WebPushSender } from './web-push.adapter';

export function createPushSender(config: Config): PushSender {
  return new WebPushSender(loadVapidKeys(config), config.VAPID_SUBJECT);
}
