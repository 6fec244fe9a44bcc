// Web Push through the `web-push` library: it encrypts the payload for the subscription's
// keys and signs a VAPID JWT for the push service's origin.
import type { PushResult, PushSender, PushTarget } from './push.port';
import type { VapidKeys } from './vapid-keys';
import { webPush } from './web-push-module';

const DEFAULT_TTL_SECONDS = 24 * 3600;

export class WebPushSender implements PushSender {
  readonly publicKey: string;

  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
  ) {
    this.publicKey = keys.publicKey;
  }

  async send(target: PushTarget, payload: string, options: { ttlSeconds?: number } = {}) {
    try {
      await webPush().sendNotification(target, payload, {
        vapidDetails: {
          subject: this.subject,
          publicKey: this.keys.publicKey,
          privateKey: this.keys.privateKey,
        },
        TTL: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        timeout: 10_000,
      });
      return { ok: true } satisfies PushResult;
    } catch (error) {
      if (error instanceof webPush().WebPushError) {
        const gone = error.statusCode === 404 || error.statusCode === 410;
        return { ok: false, gone, statusCode: error.statusCode } satisfies PushResult;
      }
      return { ok: false, gone: false } satisfies PushResult;
    }
  }
}
