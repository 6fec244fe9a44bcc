import { describe, expect, it } from 'vitest';
import { SmsDeliveryError } from './sms.port';
import { TWILIO_UNSUBSCRIBED, TwilioSmsSender } from './twilio.adapter';

function recorder(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchStub = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof fetch;
  return { calls, fetchStub };
}

describe('TwilioSmsSender', () => {
  it('posts the Messages resource with basic auth and a form body', async () => {
    const { calls, fetchStub } = recorder(201, { sid: 'SM123', status: 'queued' });
    const sender = new TwilioSmsSender({
      accountSid: 'AC1',
      authToken: 'secret',
      from: '+15005550006',
      fetch: fetchStub,
    });
    await sender.send({ to: '+12015550123', body: 'Your code is 123456' });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.url).toBe('https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json');
    expect(call!.init.method).toBe('POST');
    const headers = call!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from('AC1:secret').toString('base64')}`);
    expect(headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(call!.init.body as string))).toEqual({
      To: '+12015550123',
      Body: 'Your code is 123456',
      From: '+15005550006',
    });
  });

  it('prefers a messaging service over a from number', async () => {
    const { calls, fetchStub } = recorder(201, { sid: 'SM1' });
    const sender = new TwilioSmsSender({
      accountSid: 'AC1',
      authToken: 't',
      from: '+1500',
      messagingServiceSid: 'MG9',
      fetch: fetchStub,
    });
    await sender.send({ to: '+12015550123', body: 'x' });
    const form = new URLSearchParams(calls[0]!.init.body as string);
    expect(form.get('MessagingServiceSid')).toBe('MG9');
    expect(form.has('From')).toBe(false);
  });

  it("raises Twilio's error code, e.g. an unsubscribed recipient", async () => {
    const { fetchStub } = recorder(400, {
      code: 21610,
      message: 'Attempt to send to unsubscribed recipient',
      status: 400,
    });
    const sender = new TwilioSmsSender({
      accountSid: 'AC1',
      authToken: 't',
      from: '+1500',
      fetch: fetchStub,
    });
    const error = await sender.send({ to: '+12015550123', body: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({
      providerCode: TWILIO_UNSUBSCRIBED,
      message: 'Attempt to send to unsubscribed recipient',
    });
  });
});
