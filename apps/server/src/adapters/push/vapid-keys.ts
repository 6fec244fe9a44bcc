// VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when both are set; otherwise generated
// once into DATA_DIR/vapid.json, so subscriptions keep working across restarts.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { webPush } from './web-push-module';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

type VapidConfig = Pick<Config, 'DATA_DIR' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>;

export function loadVapidKeys(config: VapidConfig): VapidKeys {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  const file = path.resolve(config.DATA_DIR, 'vapid.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (saved.publicKey && saved.privateKey) {
      return { publicKey: saved.publicKey, privateKey: saved.privateKey };
    }
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const keys = webPush().generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
