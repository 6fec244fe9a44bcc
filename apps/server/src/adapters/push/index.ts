import type { Config } from '../../config';
import { type EndpointGuardOptions, PushEndpointGuard } from './endpoint-guard';
import { loadVapidKeys } from './vapid-keys';
import { WebPushSender } from './web-push.adapter';

/** How pushes reach the network: a resolver and address policy, and trust for tests. */
export interface PushNetworkOptions extends EndpointGuardOptions {
  ca?: string | Buffer;
}

export function createPushSender(config: Config, network: PushNetworkOptions = {}): WebPushSender {
  return new WebPushSender(
    loadVapidKeys(config),
    config.VAPID_SUBJECT,
    new PushEndpointGuard(network),
    network.ca,
    config.PROVIDER_TIMEOUT_MS,
  );
}
