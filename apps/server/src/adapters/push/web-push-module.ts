// The `web-push` library loads on the first push sent or key pair generated, not at
// start-up: an idle server that pushes nothing never pays for it.
import { createRequire } from 'node:module';

type WebPush = typeof import('web-push');

let loaded: WebPush | undefined;

export function webPush(): WebPush {
  loaded ??= createRequire(import.meta.url)('web-push') as WebPush;
  return loaded;
}
