// Web Push through the `web-push` library: it encrypts the payload for the subscription's
// keys and signs a VAPID JWT for the push service's origin. Every push goes out through an
// agent whose DNS lookup only yields public addresses (endpoint-guard), and an endpoint
// that is no longer a public push service is reported gone, so it is deleted.
import https from 'node:https';
import type { PushEndpointGuard } from './endpoint-guard';
import type { PushResult, PushSender, PushTarget } from './push.port';
import type { VapidKeys } from './vapid-keys';
import { webPush } from './web-push-module';

const DEFAULT_TTL_SECONDS = 24 * 3600;

export class WebPushSender implements PushSender {
  readonly publicKey: string;
  private readonly agent: https.Agent;

  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly guard: PushEndpointGuard,
    /** Extra trusted certificates (a stand-in push service in tests). */
    ca?: string | Buffer,
    /** PROVIDER_TIMEOUT_MS: a push service that has not answered by then counts as failed. */
    private readonly timeoutMs = 10_000,
  ) {
    this.publicKey = keys.publicKey;
    this.agent = new https.Agent({ keepAlive: true, lookup: guard.lookup, ...(ca ? { ca } : {}) });
  }

  checkEndpoint(endpoint: string) {
    return this.guard.problem(endpoint);
  }

  async send(target: PushTarget, payload: string, options: { ttlSeconds?: number } = {}) {
    const problem = await this.guard.problem(target.endpoint);
    if (problem) {
      // A failed lookup may pass; an address that is not a public push service will not.
      return { ok: false, gone: problem !== 'unresolvable' } satisfies PushResult;
    }
    try {
      await webPush().sendNotification(target, payload, {
        vapidDetails: {
          subject: this.subject,
          publicKey: this.keys.publicKey,
          privateKey: this.keys.privateKey,
        },
        TTL: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        timeout: this.timeoutMs,
        agent: this.agent,
      });
      return { ok: true } satisfies PushResult;
    } catch (error) {
      if (error instanceof webPush().WebPushError) {
        const gone = error.statusCode === 404 || error.statusCode === 410;
        return { ok: false, gone, statusCode: error.statusCode } satisfies PushResult;
      }
      const refused = (error as { code?: unknown }).code === 'EPUSHADDRESS';
      return { ok: false, gone: refused } satisfies PushResult;
    }
  }

  close() {
    this.agent.destroy();
  }
}
