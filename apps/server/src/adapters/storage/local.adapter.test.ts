import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local.adapter';
import { isValidStorageKey } from './storage.port';

let dataDir: string;
let root: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'storage-'));
  root = path.join(dataDir, 'uploads');
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const at = (iso: string) => () => new Date(iso);

describe('LocalStorage', () => {
  it('prefixes keys by environment and round-trips bytes', async () => {
    const dev = new LocalStorage({ root, secret: 's', isProduction: false });
    const prod = new LocalStorage({ root, secret: 's', isProduction: true });
    const key = dev.newKey('profile-images', 'webp');
    expect(key).toMatch(/^dev\/profile-images\/[0-9a-f-]{36}\.webp$/);
    expect(prod.newKey('profile-images', '.webp')).toMatch(/^prod\/profile-images\/.+\.webp$/);

    await dev.put(key, new Uint8Array([1, 2, 3]), 'image/webp');
    expect(await readFile(path.join(root, key))).toEqual(Buffer.from([1, 2, 3]));
    const object = await dev.get(key);
    expect(object).toMatchObject({ contentType: 'image/webp', size: 3 });
    object!.body.destroy();

    await dev.delete(key);
    expect(await dev.get(key)).toBeNull();
    await expect(dev.delete(key)).resolves.toBeUndefined();
  });

  it('signs URLs that expire and cannot be moved to another key', async () => {
    const storage = new LocalStorage({
      root,
      secret: 'secret',
      isProduction: false,
      clock: at('2025-09-01T00:00:00Z'),
    });
    const url = new URL(await storage.signedUrl('dev/a/b.webp'), 'http://x');
    expect(url.pathname).toBe('/api/files/dev/a/b.webp');
    const exp = url.searchParams.get('exp')!;
    const sig = url.searchParams.get('sig')!;
    expect(Number(exp)).toBe(Date.parse('2025-09-01T01:00:00Z') / 1000);

    expect(
      storage.verifySignature('dev/a/b.webp', exp, sig, new Date('2025-09-01T00:59:59Z')),
    ).toBe('valid');
    expect(
      storage.verifySignature('dev/a/b.webp', exp, sig, new Date('2025-09-01T01:00:00Z')),
    ).toBe('expired');
    expect(
      storage.verifySignature('dev/a/c.webp', exp, sig, new Date('2025-09-01T00:10:00Z')),
    ).toBe('invalid');
    expect(storage.verifySignature('dev/a/b.webp', String(Number(exp) + 60), sig)).toBe('invalid');
    expect(storage.verifySignature('dev/a/b.webp', exp, undefined)).toBe('invalid');
    const other = new LocalStorage({ root, secret: 'other', isProduction: false });
    expect(other.verifySignature('dev/a/b.webp', exp, sig, new Date('2025-09-01T00:10:00Z'))).toBe(
      'invalid',
    );
  });

  it('signs uploads for one content type, never usable as a read URL', async () => {
    const storage = new LocalStorage({
      root,
      secret: 'secret',
      isProduction: false,
      clock: at('2025-09-01T00:00:00Z'),
    });
    const url = new URL(await storage.signedUploadUrl('dev/v/1.webm', 'video/webm'), 'http://x');
    const exp = url.searchParams.get('exp')!;
    const sig = url.searchParams.get('sig')!;
    expect(Number(exp)).toBe(Date.parse('2025-09-01T00:10:00Z') / 1000);
    const during = new Date('2025-09-01T00:05:00Z');
    expect(storage.verifyUploadSignature('dev/v/1.webm', 'video/webm', exp, sig, during)).toBe(
      'valid',
    );
    expect(storage.verifyUploadSignature('dev/v/1.webm', 'text/html', exp, sig, during)).toBe(
      'invalid',
    );
    expect(storage.verifySignature('dev/v/1.webm', exp, sig, during)).toBe('invalid');
    const read = new URL(await storage.signedUrl('dev/v/1.webm'), 'http://x');
    expect(
      storage.verifyUploadSignature(
        'dev/v/1.webm',
        'video/webm',
        read.searchParams.get('exp'),
        read.searchParams.get('sig'),
        during,
      ),
    ).toBe('invalid');
  });

  it('never touches a path outside the uploads folder', async () => {
    await writeFile(path.join(dataDir, 'secret.key'), 'top secret');
    const storage = new LocalStorage({ root, secret: 's', isProduction: false });
    for (const key of [
      '../secret.key',
      'dev/../../secret.key',
      '/etc/passwd',
      'dev\\..\\x',
      '.hidden',
      'dev//x',
      '',
    ]) {
      expect(isValidStorageKey(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      await expect(storage.put(key, new Uint8Array([1]), 'image/webp')).rejects.toThrow(TypeError);
      await expect(storage.signedUrl(key)).rejects.toThrow(TypeError);
    }
    await storage.delete('../secret.key');
    expect(await readFile(path.join(dataDir, 'secret.key'), 'utf8')).toBe('top secret');
  });
});
