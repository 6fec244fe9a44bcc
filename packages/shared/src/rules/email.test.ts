import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES, validateEmail } from './email';

describe('validateEmail', () => {
  it.each([
    ['', { ok: false, message: 'Please enter a valid email address' }],
    ['no-at-sign', { ok: false, message: EMAIL_MESSAGES.invalid }],
    ['a@b', { ok: false, message: EMAIL_MESSAGES.invalid }],
    ['a b@c.io', { ok: false, message: EMAIL_MESSAGES.invalid }],
    [`${'a'.repeat(250)}@b.io`, { ok: false, message: EMAIL_MESSAGES.invalid }],
    ['  pay@example.com ', { ok: true, value: 'pay@example.com' }],
  ])('%j -> %o', (raw, result) => {
    expect(validateEmail(raw)).toEqual(result);
  });
});
