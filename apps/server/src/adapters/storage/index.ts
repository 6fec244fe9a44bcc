import type { Config } from '../../config';
import type { Secrets } from '../../lib/secrets';
import { LocalStorage, uploadsDir } from './local.adapter';
import { S3Storage } from './s3.adapter';
import type { Storage } from './storage.port';

export function createStorage(config: Config, secrets: Secrets): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      isProduction: config.isProduction,
    });
  }
  return new LocalStorage({
    root: uploadsDir(config.DATA_DIR),
    secret: secrets.filesSecret,
    isProduction: config.isProduction,
  });
}
