import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../adapters/storage/local.adapter';
import { filesRoutes } from './files.routes';

let dataDir: string;
let storage: LocalStorage;
let app: FastifyInstance;
let now = new Date('2025-09-01T12:00:00Z');
const bytes = new Uint8Array([82, 73, 70, 70, 0, 1, 2, 3]);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'files-'));
  storage = new LocalStorage({
    root: path.join(dataDir, 'uploads'),
    secret: 'k',
    isProduction: false,
    clock: () => now,
  });
  app = Fastify();
  await app.register(filesRoutes, { prefix: '/api', storage, clock: () => now });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function stored() {
  const key = storage.newKey('profile-images', 'webp');
  await storage.put(key, bytes, 'image/webp');
  return { key, url: await storage.signedUrl(key, 3600) };
}

describe('GET /api/files/*', () => {
  it('serves the file with its type and a private cache until the URL expires', async () => {
    const { url } = await stored();
    now = new Date(now.getTime() + 600_000);
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('private, max-age=3000');
    expect(response.rawPayload).toEqual(Buffer.from(bytes));
  });

  it('refuses a tampered signature, another key or a missing one', async () => {
    const { key, url } = await stored();
    const tampered = url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    const other = url.replace(key, storage.newKey('profile-images', 'webp'));
    for (const target of [tampered, other, url.split('?')[0]!, `${url.split('&')[0]}&sig=`]) {
      const response = await app.inject({ method: 'GET', url: target });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Failed to get image URL', code: 'FORBIDDEN' });
    }
  });

  it('refuses an expired URL', async () => {
    const { url } = await stored();
    now = new Date(now.getTime() + 3600_000);
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Failed to get image URL');
  });

  it('answers 404 for a validly signed key that has no file', async () => {
    const key = storage.newKey('profile-images', 'webp');
    const response = await app.inject({ method: 'GET', url: await storage.signedUrl(key) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Image not found', code: 'NOT_FOUND' });
  });

  it('cannot be walked out of the uploads folder', async () => {
    await writeFile(path.join(dataDir, 'secret.key'), 'top secret');
    const { url } = await stored();
    const query = url.split('?')[1];
    for (const target of [
      '/api/files/../secret.key',
      '/api/files/%2e%2e/secret.key',
      '/api/files/dev/%2e%2e%2f%2e%2e%2fsecret.key',
    ]) {
      const response = await app.inject({ method: 'GET', url: `${target}?${query}` });
      expect([403, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('top secret');
    }
  });
});
