import { describe, expect, it } from 'vitest';
import {
  GENDER_MESSAGES,
  GENDER_OPTIONS,
  SEEKING_GENDER_OPTIONS,
  validateGender,
  validateSeekingGender,
} from './gender';

describe('gender options', () => {
  it('list the spec values with labels', () => {
    expect(GENDER_OPTIONS).toEqual([
      { value: 'female', label: 'Female' },
      { value: 'male', label: 'Male' },
      { value: 'non-binary', label: 'Non-binary' },
    ]);
    expect(SEEKING_GENDER_OPTIONS).toEqual([
      ...GENDER_OPTIONS,
      { value: 'everyone', label: 'Everyone' },
    ]);
  });

  it.each([
    ['female', { ok: true, value: 'female' }],
    ['everyone', { ok: false, message: 'Please select your gender' }],
    [undefined, { ok: false, message: 'Please select your gender' }],
  ])('gender %j -> %o', (value, result) => {
    expect(validateGender(value)).toEqual(result);
  });

  it.each([
    ['everyone', { ok: true, value: 'everyone' }],
    ['non-binary', { ok: true, value: 'non-binary' }],
    ['', { ok: false, message: 'Please select who you are looking for' }],
  ])('seeking %j -> %o', (value, result) => {
    expect(validateSeekingGender(value)).toEqual(result);
  });

  it('has exact messages', () => {
    expect(GENDER_MESSAGES).toEqual({
      required: 'Please select your gender',
      seekingRequired: 'Please select who you are looking for',
    });
  });
});
