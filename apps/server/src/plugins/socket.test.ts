import type { AddressInfo } from 'node:net';
import { userRoom } from '@bidboard/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import { buildMember } from '../../test/factories';
import { isAllowedOrigin } from './socket';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

function open(auth: Record<string, unknown>, extraHeaders: Record<string, string> = {}): Socket {
  return connect(url, {
    path: '/socket.io',
    auth,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders,
  });
}

function outcome(socket: Socket): Promise<{ connected: boolean; error?: string }> {
  return new Promise((resolve) => {
    socket.on('connect', () => resolve({ connected: true }));
    socket.on('connect_error', (err) => resolve({ connected: false, error: err.message }));
  });
}

describe('socket authentication', () => {
  it.each([
    ['no token', {}],
    ['a forged token', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' }],
  ])('refuses %s with an error containing "Authentication failed"', async (_name, auth) => {
    const socket = open(auth);
    const result = await outcome(socket);
    socket.close();
    expect(result.connected).toBe(false);
    expect(result.error).toContain('Authentication failed');
  });

  it('accepts a valid token, joins the member room and delivers events sent to it', async () => {
    const member = await buildMember(t.database.db);
    const { token } = await signIn(t, member.phone_number);
    const socket = open({ token });
    expect(await outcome(socket)).toEqual({ connected: true });
    socket.emit('connectUser', member.id);
    socket.emit('userActivity');
    const received = new Promise((resolve) => socket.on('new-alert', resolve));
    t.app.io.to(userRoom(member.id)).emit('new-alert', {
      id: 1,
      kind: 'outbid',
      message: 'You were outbid',
      payload: {},
      created_at: new Date().toISOString(),
      isRead: false,
    });
    expect(await received).toMatchObject({ kind: 'outbid' });
    socket.close();
  });

  it('refuses a revoked session', async () => {
    const member = await buildMember(t.database.db);
    const { token } = await signIn(t, member.phone_number);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    const socket = open({ token });
    const result = await outcome(socket);
    socket.close();
    expect(result.error).toContain('Authentication failed');
  });
});

describe('origin check', () => {
  it('allows the same host and listed origins only', () => {
    expect(isAllowedOrigin(undefined, 'localhost:3000', [])).toBe(true);
    expect(isAllowedOrigin('http://localhost:3000', 'localhost:3000', [])).toBe(true);
    expect(isAllowedOrigin('https://evil.example', 'localhost:3000', [])).toBe(false);
    expect(isAllowedOrigin('https://app.example', 'api.example', ['https://app.example'])).toBe(
      true,
    );
    expect(isAllowedOrigin('not a url', 'localhost:3000', [])).toBe(false);
  });
});
