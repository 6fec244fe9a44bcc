import type { Config } from '../../config';
import type { Secrets } from '../../lib/secrets';
import { LocalStorage, uploadsDir } from './local.adapter';
import type { Storage } from './storage.port';

export function createStorage(config: Config, secrets: Secrets): Storage {
  return new LocalStorage({
    root: uploadsDir(config.DATA_DIR),
    secret: secrets.filesSecret,
    isProduction: config.isProduction,
  });
}
