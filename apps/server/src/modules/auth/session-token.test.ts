// A session token is checked against the signing key imported once, not once per token,
// and a token signed with any other key, or with its claims changed, is still refused.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyToken } from './session.service';

const now = new Date('2026-11-26T12:00:00Z');
const settingsFor = (key: Uint8Array) => ({
  key,
  idleSeconds: 3600,
  absoluteSeconds: 86_400,
  clock: () => now,
});

function tokenFor(key: Uint8Array, userId: number, sid = randomUUID()) {
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setAudience('bidboard-web')
    .setIssuer('bidboard')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + 3600)
    .sign(key);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('session tokens', () => {
  it('checks fresh tokens with one import of the key', async () => {
    const key = new Uint8Array(32).fill(3);
    const tokens = await Promise.all([1, 2, 3, 4].map((id) => tokenFor(key, id)));
    const imports = vi.spyOn(crypto.subtle, 'importKey');

    const sessions = await Promise.all(tokens.map((token) => verifyToken(settingsFor(key), token)));

    expect(sessions.map((s) => s.userId)).toEqual([1, 2, 3, 4]);
    expect(imports).toHaveBeenCalledTimes(1);
  });

  it('refuses a token signed with another key, or with its claims changed', async () => {
    const key = new Uint8Array(32).fill(5);
    const settings = settingsFor(key);
    const foreign = await tokenFor(new Uint8Array(32).fill(6), 7);
    const [header, payload, signature] = (await tokenFor(key, 8)).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const changed = Buffer.from(JSON.stringify({ ...claims, sub: '9' })).toString('base64url');

    await expect(verifyToken(settings, foreign)).rejects.toMatchObject({ status: 401 });
    await expect(
      verifyToken(settings, [header, changed, signature].join('.')),
    ).rejects.toMatchObject({ status: 401 });
    await expect(verifyToken(settings, `${header}.${payload}.${signature}`)).resolves.toMatchObject(
      { userId: 8 },
    );
  });
});
