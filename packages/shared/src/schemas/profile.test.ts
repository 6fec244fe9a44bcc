import { describe, expect, it } from 'vitest';
import { AGE_RANGE_MESSAGES } from '../rules/age-range';
import { BIO_MESSAGES } from '../rules/bio';
import { DOB_MESSAGES } from '../rules/dob';
import { EMAIL_MESSAGES } from '../rules/email';
import { FAVORITE_MESSAGES } from '../rules/favorite-thing';
import { GENDER_MESSAGES } from '../rules/gender';
import { POSTAL_MESSAGES } from '../rules/postal';
import { USERNAME_MESSAGES } from '../rules/username';
import {
  buildUpdateProfileBody,
  checkUsernameResponse,
  favoriteThingValidationBody,
  postalValidateResponse,
  updateProfileBody,
} from './profile';

const body = buildUpdateProfileBody(() => new Date('2025-06-15T12:00:00Z'));

function firstIssue(input: unknown) {
  const result = body.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { message: issue.message, path: issue.path.join('.') };
}

describe('updateProfileBody', () => {
  it.each([
    [{ username: 'ab' }, USERNAME_MESSAGES.length, 'username'],
    [{ username: 'jo__hn' }, USERNAME_MESSAGES.consecutive, 'username'],
    [{ username: 'Admin' }, USERNAME_MESSAGES.reserved, 'username'],
    [{ short_bio: 'too short' }, BIO_MESSAGES.tooShort, 'short_bio'],
    [{ bio: 'a'.repeat(131) }, BIO_MESSAGES.tooLong, 'bio'],
    [{ gender: 'robot' }, GENDER_MESSAGES.required, 'gender'],
    [{ seeking_gender: 'robots' }, GENDER_MESSAGES.seekingRequired, 'seeking_gender'],
    [{ birth_date: '2000-02-30' }, DOB_MESSAGES.invalid, 'birth_date'],
    [{ birth_date: '2007-06-16' }, DOB_MESSAGES.underage, 'birth_date'],
    [{ postal_code: '' }, POSTAL_MESSAGES.required, 'postal_code'],
    [{ postal_code: '9021' }, POSTAL_MESSAGES.tooShort, 'postal_code'],
    [{ postal_code: 'W1A 0B1' }, POSTAL_MESSAGES.format, 'postal_code'],
    [{ ideal_match_age_min: 17 }, AGE_RANGE_MESSAGES.outOfBounds, 'ideal_match_age_min'],
    [
      { ideal_match_age_min: 30, ideal_match_age_max: 31 },
      AGE_RANGE_MESSAGES.gap,
      'ideal_match_age_max',
    ],
    [{ favorite_thing_1: 'movie' }, FAVORITE_MESSAGES.required, 'favorite_thing_1_answer'],
    [{ favorite_thing_2_answer: 'Dune' }, FAVORITE_MESSAGES.required, 'favorite_thing_2_answer'],
    [
      { favorite_thing_1: 'car', favorite_thing_1_answer: 'Tesla' },
      FAVORITE_MESSAGES.required,
      'favorite_thing_1',
    ],
    [
      { favorite_thing_3: 'book', favorite_thing_3_answer: ' x ' },
      FAVORITE_MESSAGES.tooShort,
      'favorite_thing_3_answer',
    ],
    [
      { favorite_thing_1: 'book', favorite_thing_1_answer: 'a'.repeat(36) },
      FAVORITE_MESSAGES.tooLong,
      'favorite_thing_1_answer',
    ],
    [
      {
        favorite_thing_1: 'book',
        favorite_thing_1_answer: 'Dune',
        favorite_thing_3: 'book',
        favorite_thing_3_answer: 'Emma',
      },
      FAVORITE_MESSAGES.reused,
      'favorite_thing_3',
    ],
    [{ email: 'not-an-email' }, EMAIL_MESSAGES.invalid, 'email'],
  ])('%o fails with %s at %s', (input, message, path) => {
    expect(firstIssue(input)).toEqual({ message, path });
  });

  it('passes the cleaned values on', () => {
    const parsed = body.parse({
      username: '  John_Doe ',
      short_bio: '  I love hiking and good coffee.  ',
      gender: 'female',
      seeking_gender: 'everyone',
      birth_date: '2007-06-15',
      postal_code: 'k1a0b1',
      ideal_match_age_min: 18,
      ideal_match_age_max: 60,
      favorite_thing_1: 'dream_destination',
      favorite_thing_1_answer: '  Kyoto ',
      available_for_bids: true,
      open_to_dating: false,
      bid_notification: true,
      sms_notification: false,
      email: ' pay@example.com ',
      onboarded: 14,
      is_approved: true,
    });
    expect(parsed).toEqual({
      username: 'John_Doe',
      short_bio: 'I love hiking and good coffee.',
      gender: 'female',
      seeking_gender: 'everyone',
      birth_date: '2007-06-15',
      postal_code: 'K1A 0B1',
      ideal_match_age_min: 18,
      ideal_match_age_max: 60,
      favorite_thing_1: 'dream_destination',
      favorite_thing_1_answer: 'Kyoto',
      available_for_bids: true,
      open_to_dating: false,
      bid_notification: true,
      sms_notification: false,
      email: 'pay@example.com',
      onboarded: 14,
    });
  });

  it('accepts an empty body, a cleared email and rejects onboarded past 14', () => {
    expect(updateProfileBody.parse({})).toEqual({});
    expect(updateProfileBody.parse({ email: null })).toEqual({ email: null });
    expect(updateProfileBody.safeParse({ onboarded: 15 }).success).toBe(false);
  });
});

describe('field-check call schemas', () => {
  it('reject an unknown favourite category with the required message', () => {
    const result = favoriteThingValidationBody.safeParse({ favorite_thing: 'car', answer: 'x' });
    expect(result.error?.issues[0]?.message).toBe(FAVORITE_MESSAGES.required);
  });

  it('describe the postal and username answers', () => {
    const data = { zip: 'K1A 0B1', country: 'CA', state: 'ON', city: 'Ottawa' };
    expect(postalValidateResponse.parse({ success: true, data })).toEqual({ success: true, data });
    expect(checkUsernameResponse.parse({ available: false, exists: true })).toEqual({
      available: false,
      exists: true,
    });
  });
});
