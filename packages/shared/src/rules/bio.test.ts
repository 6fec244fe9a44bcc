import { describe, expect, it } from 'vitest';
import { BIO_MESSAGES, validateBio } from './bio';

describe('validateBio', () => {
  it('has exact messages', () => {
    expect(BIO_MESSAGES).toEqual({
      tooShort: 'Bio must be at least 20 characters',
      tooLong: 'Bio must be between 20 and 130 characters',
      inappropriate: 'Bio contains inappropriate content',
    });
  });

  it.each([
    ['', BIO_MESSAGES.tooShort],
    ['a'.repeat(19), BIO_MESSAGES.tooShort],
    [`   ${'a'.repeat(19)}   `, BIO_MESSAGES.tooShort],
    ['a'.repeat(131), BIO_MESSAGES.tooLong],
  ])('%j fails with %s', (raw, message) => {
    expect(validateBio(raw)).toEqual({ ok: false, message });
  });

  it.each([
    ['a'.repeat(20), 'a'.repeat(20)],
    ['a'.repeat(130), 'a'.repeat(130)],
    ['  I love hiking and good coffee.  ', 'I love hiking and good coffee.'],
  ])('%j passes as %j', (raw, value) => {
    expect(validateBio(raw)).toEqual({ ok: true, value });
  });
});
