import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { users } from '../../db/schema';
import { smsKeyword } from './sms-inbound.service';
import { twilioSignature } from './twilio-signature';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function flagsOf(t: TestApp, id: number) {
  const [row] = await t.database.db
    .select({ twilio_stop: users.twilio_stop, sms_notification: users.sms_notification })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

function post(t: TestApp, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/sms/inbound',
    payload: form(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

describe('keywords', () => {
  it.each([
    ['STOP', 'stop'],
    [' stopall ', 'stop'],
    ['Unsubscribe', 'stop'],
    ['cancel', 'stop'],
    ['END', 'stop'],
    ['quit\n', 'stop'],
    ['start', 'start'],
    ['YES', 'start'],
    ['Unstop', 'start'],
    ['stop please', null],
    ['hello', null],
  ])('%j is %s', (body, keyword) => {
    expect(smsKeyword(body)).toBe(keyword);
  });
});

describe('inbound SMS with the console provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('STOP opts the member out of texts and START lifts the opt-out', async () => {
    const member = await buildMember(t.database.db, { sms_notification: true });
    const stop = await post(t, { From: member.phone_number, Body: ' stop ', To: '+15550001111' });
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(stop.body).toContain('<Response/>');
    expect(await flagsOf(t, member.id)).toEqual({ twilio_stop: true, sms_notification: false });

    await post(t, { From: member.phone_number, Body: 'START' });
    // Texts stay off until the member turns them on again (and consents) in settings.
    expect(await flagsOf(t, member.id)).toEqual({ twilio_stop: false, sms_notification: false });
  });

  it('ignores other messages and unknown numbers', async () => {
    const member = await buildMember(t.database.db, { sms_notification: true });
    const chat = await post(t, { From: member.phone_number, Body: 'Hi there' });
    expect(chat.statusCode).toBe(200);
    expect(await flagsOf(t, member.id)).toEqual({ twilio_stop: false, sms_notification: true });
    const stranger = await post(t, { From: '+12025550199', Body: 'STOP' });
    expect(stranger.statusCode).toBe(200);
  });

  it('rejects a request without From and Body', async () => {
    const res = await post(t, { Body: 'STOP' });
    expect(res.statusCode).toBe(400);
  });
});

describe('inbound SMS with Twilio configured', () => {
  const token = 'twilio-auth-token-for-tests';
  const publicUrl = 'https://bidboard.example';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
      TWILIO_AUTH_TOKEN: token,
      TWILIO_FROM: '+12015550000',
      PUBLIC_URL: publicUrl,
    });
  });
  afterAll(() => t.close());

  it('computes the signature over the URL and the sorted parameters', () => {
    const expected = twilioSignature(token, 'https://x.example/hook', { b: '2', a: '1' });
    const same = twilioSignature(token, 'https://x.example/hooka1b2', {});
    expect(expected).toBe(same);
  });

  it('accepts a correctly signed STOP', async () => {
    const member = await buildMember(t.database.db, { sms_notification: true });
    const fields = { From: member.phone_number, Body: 'STOP', MessageSid: 'SM123' };
    const signature = twilioSignature(token, `${publicUrl}/api/sms/inbound`, fields);
    const res = await post(t, fields, { 'x-twilio-signature': signature });
    expect(res.statusCode).toBe(200);
    expect(await flagsOf(t, member.id)).toEqual({ twilio_stop: true, sms_notification: false });
  });

  it('rejects a bad or missing signature with 403 and changes nothing', async () => {
    const member = await buildMember(t.database.db, { sms_notification: true });
    const fields = { From: member.phone_number, Body: 'STOP' };
    const forged = twilioSignature('wrong-token', `${publicUrl}/api/sms/inbound`, fields);
    expect((await post(t, fields, { 'x-twilio-signature': forged })).statusCode).toBe(403);
    expect((await post(t, fields)).statusCode).toBe(403);
    const tampered = twilioSignature(token, `${publicUrl}/api/sms/inbound`, {
      ...fields,
      Body: 'hello',
    });
    expect((await post(t, fields, { 'x-twilio-signature': tampered })).statusCode).toBe(403);
    expect(await flagsOf(t, member.id)).toEqual({ twilio_stop: false, sms_notification: true });
  });
});
