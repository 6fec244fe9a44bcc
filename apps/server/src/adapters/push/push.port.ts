// Web Push delivery port. The one adapter speaks RFC 8030/8291/8292 (aes128gcm payloads,
// VAPID authorisation) straight to the browser vendor's push service.
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushResult =
  | { ok: true }
  /** `gone`: the push service no longer knows the subscription (404/410); delete it. */
  | { ok: false; gone: boolean; statusCode?: number };

export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, payload: string, options?: { ttlSeconds?: number }): Promise<PushResult>;
  /** Why this endpoint may not be contacted (not a public push service), or null. */
  checkEndpoint(endpoint: string): Promise<string | null>;
  /** Lets go of kept-alive connections. */
  close?(): void;
}
