import { describe, expect, it } from 'vitest';
import { maskError, maskLine, maskText, maskValue, REDACTED } from './log-masking';

describe('maskText', () => {
  it.each([
    '+12015550142',
    '12015550142',
    '2015550142',
    '(201) 555-0142',
    '201-555-0142',
    '201.555.0142',
    '+1 201 555 0142',
    '1-201-555-0142',
    '%2B12015550142',
    '+44 20 7946 0958',
  ])('hides the phone number %s', (phone) => {
    const masked = maskText(`sending to ${phone} now`);
    expect(masked).toBe('sending to [phone] now');
  });

  it('hides codes, card numbers, tokens and signed-URL secrets', () => {
    expect(maskText('Your Bidboard code is 648193. It expires')).toBe(
      'Your Bidboard code is [code]. It expires',
    );
    expect(maskText('card 4111111111111111 declined')).toBe('card [number] declined');
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.c2lnbmF0dXJlLXZhbHVl';
    expect(maskText(`token ${jwt}`)).toBe('token [jwt]');
    expect(maskText('Authorization: Bearer abc.def-ghi')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(maskText('Basic QUNYWFg6c2VjcmV0')).toBe(`Basic ${REDACTED}`);
    expect(maskText('/api/dev/otp-outbox?phone=%2B12015550142&x=1')).toBe(
      `/api/dev/otp-outbox?phone=${REDACTED}&x=1`,
    );
    expect(maskText('/api/files/dev/a.webp?exp=1750000000&sig=abcdef0123')).toBe(
      `/api/files/dev/a.webp?exp=[phone]&sig=${REDACTED}`,
    );
    expect(maskText('/api/admin/members?q=555&status=all')).toBe(
      `/api/admin/members?q=${REDACTED}&status=all`,
    );
    expect(maskText('Failed query: insert into messages ...\nparams: 7_9,3,meet at noon')).toBe(
      `Failed query: insert into messages ...\nparams: ${REDACTED}`,
    );
  });

  it.each(['123-45-6789', '123456789', '12-3456789', '130 692 544'])(
    'hides the taxpayer id %s (issue 43)',
    (id) => {
      expect(maskText(`payee ${id} saved`)).toBe('payee [taxpayer-id] saved');
      expect(maskValue({ taxpayer_id: id, payee: { taxpayer_id_sealed: 'a.b.c' } })).toEqual({
        taxpayer_id: REDACTED,
        payee: { taxpayer_id_sealed: REDACTED },
      });
    },
  );

  it('leaves what identifies nothing: dates, addresses, ids, durations', () => {
    for (const text of [
      'period closes 2025-07-03T20:00:00.000Z',
      'period closes 2025-07-03 20:00:00',
      'from 203.0.113.5 port 50432',
      'request 9f1c2a4e-3b7d-4c1e-9a2f-5d6e7f8a9b0c',
      'session 0b5c9e21-7d4f-4a8e-b1c3-a1234567890b',
      'took 1234 ms, 12 rows, member 482',
      'GET /api/auctions/42/bids',
    ]) {
      expect(maskText(text)).toBe(text);
    }
  });
});

describe('maskValue', () => {
  it('replaces secret fields at any depth and masks every other string', () => {
    const masked = maskValue({
      user: { id: 7, phone_number: '+12015550142', profile: { short_bio: 'hi there' } },
      headers: { authorization: 'Bearer x', 'user-agent': 'Mozilla/5.0' },
      sms: { to: '+12015550142', body: 'code 123456' },
      message: { text: 'meet at noon', cid: '7_9' },
      note: 'call (201) 555-0142',
      list: [{ token: 'abc' }],
    });
    expect(masked).toEqual({
      user: { id: 7, phone_number: REDACTED, profile: { short_bio: REDACTED } },
      headers: { authorization: REDACTED, 'user-agent': 'Mozilla/5.0' },
      sms: { to: REDACTED, body: REDACTED },
      message: { text: REDACTED, cid: '7_9' },
      note: 'call [phone]',
      list: [{ token: REDACTED }],
    });
  });

  it('survives cycles and deep nesting', () => {
    const loop: Record<string, unknown> = { name: 'a' };
    loop.self = loop;
    expect(maskValue(loop)).toEqual({ name: 'a', self: '[...]' });
  });
});

describe('maskError', () => {
  it('masks the message, the stack, the fields and the cause; keeps what locates the fault', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'users_phone_number_unique',
      detail: 'Key (phone_number)=(+12015550142) already exists.',
    });
    const error = new Error(
      'Failed query: insert into users (phone_number) values ($1)\nparams: +12015550142',
      { cause },
    );
    const masked = maskError(error);
    const json = JSON.stringify(masked);
    expect(json).not.toMatch(/5550142/);
    expect(masked.message).toBe(
      `Failed query: insert into users (phone_number) values ($1)\nparams: ${REDACTED}`,
    );
    expect(masked.cause).toMatchObject({
      code: '23505',
      constraint: 'users_phone_number_unique',
      detail: `Key (phone_number)=(${REDACTED}) already exists.`,
    });
  });

  it('hides a failing row and a quoted input value', () => {
    const check = Object.assign(new Error('new row violates check constraint'), {
      detail: 'Failing row contains (12, 7_9, meet at noon, null).',
    });
    expect(maskError(check).detail).toBe(`Failing row contains (${REDACTED}).`);
    const syntax = new Error('invalid input syntax for type integer: "meet at noon"');
    expect(maskError(syntax).message).toBe(`invalid input syntax for type integer: "${REDACTED}"`);
  });
});

describe('maskLine', () => {
  it('catches tokens and numbers with a country code anywhere in a finished line', () => {
    const line =
      '{"level":30,"time":1750000000000,"reqId":"x","who":"+12015550142","t":"eyJhbGciOiJI.eyJzaWQiOi.c2lnbmF0dXJl"}';
    expect(maskLine(line)).toBe(
      '{"level":30,"time":1750000000000,"reqId":"x","who":"[phone]","t":"[jwt]"}',
    );
  });
});
