import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from './s3.adapter';
import { readHead } from './storage.port';

let directory: string;
let server: S3rver;
let storage: S3Storage;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'bidboard-test' }],
  });
  const { port } = await server.run();
  storage = new S3Storage({
    bucket: 'bidboard-test',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    isProduction: false,
  });
});
afterAll(async () => {
  storage?.client.destroy();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

describe('S3Storage against s3rver', () => {
  it('puts, gets, signs and deletes an object', async () => {
    const key = storage.newKey('profile-images', 'webp');
    expect(key).toMatch(/^dev\/profile-images\/[0-9a-f-]{36}\.webp$/);
    await storage.put(key, new Uint8Array([1, 2, 3, 4]), 'image/webp');

    const object = await storage.get(key);
    expect(object).toMatchObject({ contentType: 'image/webp', size: 4 });
    expect(await readHead(object!, 2)).toEqual(Buffer.from([1, 2]));

    const url = await storage.signedUrl(key, 60);
    expect(url).toContain('/bidboard-test/dev/profile-images/');
    expect(url).toContain('X-Amz-Expires=60');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from([1, 2, 3, 4]));

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    expect(await storage.get('../escape')).toBeNull();
  });

  it('accepts a browser-style PUT to a presigned upload URL', async () => {
    const key = storage.newKey('verification-videos/7', 'webm');
    const uploadUrl = await storage.signedUploadUrl(key, 'video/webm');
    const body = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 9, 9, 9]);
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'video/webm' },
      body,
    });
    expect(put.status).toBe(200);
    const object = await storage.get(key);
    expect(object).toMatchObject({ contentType: 'video/webm', size: body.length });
    expect(await readHead(object!, 64)).toEqual(body);
  });

  it('refuses keys outside the naming rules', async () => {
    await expect(storage.put('../x', new Uint8Array([1]), 'image/webp')).rejects.toThrow(TypeError);
    await expect(storage.signedUrl('/etc/passwd')).rejects.toThrow(TypeError);
    await expect(storage.signedUploadUrl('a//b', 'video/webm')).rejects.toThrow(TypeError);
  });
});
