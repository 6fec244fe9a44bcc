import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createStorage } from './index';
import { LocalStorage } from './local.adapter';
import { S3Storage } from './s3.adapter';

const secrets = { filesSecret: 'k' } as Parameters<typeof createStorage>[1];

describe('createStorage', () => {
  it('uses local disk by default and S3 when configured', async () => {
    expect(await createStorage(loadConfig({}), secrets)).toBeInstanceOf(LocalStorage);
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(await createStorage(config, secrets)).toBeInstanceOf(S3Storage);
  });

  it('names the missing bucket', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });
});
