import type { Config } from '../../config';
import type { Clock } from '../../lib/context';
import type { Secrets } from '../../lib/secrets';
import { LocalStorage, uploadsDir } from './local.adapter';
import type { Storage } from './storage.port';

/** The S3 client is loaded only when S3 is configured (it costs ~20 MB and 150 ms). */
export async function createStorage(
  config: Config,
  secrets: Secrets,
  clock?: Clock,
): Promise<Storage> {
  if (config.STORAGE_DRIVER === 's3') {
    const { S3Storage } = await import('./s3.adapter');
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
    ...(clock ? { clock } : {}),
  });
}
