import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { rows } from '../../db/client';
import { profileImages, verificationVideos } from '../../db/media.schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTO_APPROVE: 'true' });
});
afterAll(() => t.close());

async function session(overrides: Parameters<typeof buildMember>[1] = {}) {
  const member = await buildMember(t.database.db, overrides);
  const { token } = await signIn(t, member.phone_number);
  const call = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });
  return { member, token, call };
}

async function snapshot(id: number) {
  const [row] = await rows<Record<string, unknown>>(
    t.database.db,
    sql`SELECT * FROM users WHERE id = ${id}`,
  );
  return { ...row, updated_at: undefined };
}

describe('update-profile rejects every invalid value with the rule message and saves nothing', () => {
  it.each([
    [{ birth_date: '2015-01-01' }, 'You must be at least 18 years old to use Bidboard.'],
    [{ birth_date: '1990-02-30' }, 'Please enter a valid date of birth.'],
    [{ postal_code: '' }, 'Postal code is required'],
    [{ postal_code: '123' }, 'Postal code must be at least 5 characters'],
    [
      { postal_code: 'D1A 1A1' },
      'Please enter a valid US ZIP (5 digits) or Canadian postal code (A1A 1A1)',
    ],
    [{ postal_code: '00000' }, 'Invalid postal code'],
    [{ username: 'ab' }, 'Username must be between 3 and 14 characters long'],
    [{ username: 'admin' }, 'This username is reserved and cannot be used'],
    [{ username: 'bad name' }, 'Username can only use letters, numbers, hyphens and underscores'],
    [{ username: '_edge' }, 'Username cannot start or end with a hyphen or underscore'],
    [{ username: 'a__b' }, 'Username cannot have two hyphens or underscores in a row'],
    [{ username: 'aaaab' }, 'Username cannot repeat the same character more than 3 times in a row'],
    [{ username: 'fuckface' }, 'Username contains inappropriate content'],
    [{ short_bio: 'too short' }, 'Bio must be at least 20 characters'],
    [{ short_bio: 'x'.repeat(131) }, 'Bio must be between 20 and 130 characters'],
    [
      { short_bio: 'I love long walks and shit talking all day' },
      'Bio contains inappropriate content',
    ],
    [{ favorite_thing_1: 'movie', favorite_thing_1_answer: 'a' }, 'Answer is too short'],
    [{ favorite_thing_1: 'movie', favorite_thing_1_answer: 'x'.repeat(36) }, 'Answer is too long'],
    [
      { favorite_thing_1: 'movie', favorite_thing_1_answer: '' },
      'Please select a favorite thing and provide an answer',
    ],
    [{ favorite_thing_1: 'movie', favorite_thing_1_answer: 'shit movie' }, 'Invalid input'],
    [
      {
        favorite_thing_1: 'movie',
        favorite_thing_1_answer: 'Heat',
        favorite_thing_2: 'movie',
        favorite_thing_2_answer: 'Up',
      },
      'You already picked this favorite thing. Choose a different one.',
    ],
    [
      { ideal_match_age_min: 30, ideal_match_age_max: 31 },
      'Max age must be at least 2 years above min age',
    ],
    [{ ideal_match_age_min: 17 }, 'Ages must be whole numbers from 18 to 60'],
  ])('%o', async (payload, message) => {
    const { member, call } = await session();
    const before = await snapshot(member.id);
    const res = await call('/api/auth/update-profile', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await snapshot(member.id)).toEqual(before);
  });

  it('a category already stored in another slot cannot be reused', async () => {
    const { call } = await session({ favorite_thing_1: 'book', favorite_thing_1_answer: 'Dune' });
    const res = await call('/api/auth/update-profile', {
      favorite_thing_2: 'book',
      favorite_thing_2_answer: 'Emma',
    });
    expect(res.json().message).toBe(
      'You already picked this favorite thing. Choose a different one.',
    );
  });

  it('a username taken by someone else in another case is refused', async () => {
    await buildMember(t.database.db, { username: 'TakenName' });
    const { call } = await session();
    const res = await call('/api/auth/update-profile', { username: 'takenname' });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Username is already taken']);
  });
});

describe('update-profile saves', () => {
  it('postal code with its country, state and city', async () => {
    const { member, call } = await session();
    const res = await call('/api/auth/update-profile', { postal_code: 'm5v2t6' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ postal_code: 'M5V 2T6', country: 'CA', state: 'ON' });
    const after = await snapshot(member.id);
    expect(after).toMatchObject({ postal_code: 'M5V 2T6', country: 'CA', state: 'ON' });
  });

  it('the cleaned favourite answer', async () => {
    const { call } = await session();
    const res = await call('/api/auth/update-profile', {
      favorite_thing_1: 'dish',
      favorite_thing_1_answer: '  Pad   thai ',
    });
    expect(res.json().user.favorite_thing_1_answer).toBe('Pad thai');
  });

  it('SMS consent with its time', async () => {
    const { member, call } = await session();
    await call('/api/auth/update-profile', { sms_notification: true });
    const [row] = await rows<{ sms_consent_at: unknown }>(
      t.database.db,
      sql`SELECT sms_consent_at FROM users WHERE id = ${member.id}`,
    );
    expect(row!.sms_consent_at).not.toBeNull();
  });
});

describe('onboarding advances by the server rule', () => {
  it('one step per save, never ahead, 4 -> 7 without dating, never back once finished', async () => {
    const { member, call } = await session({ username: null });
    const step = async (payload: object) =>
      (await call('/api/auth/update-profile', payload)).json();
    expect((await step({ birth_date: '1994-05-06', onboarded: 9 })).user.onboarded).toBe(1);
    expect((await step({ onboarded: 2 })).message).toBe(
      'Please complete this step before continuing.',
    );
    expect((await step({ postal_code: '10001', onboarded: 2 })).user).toMatchObject({
      onboarded: 2,
      city: 'New York',
    });
    expect((await step({ gender: 'female', onboarded: 3 })).user.onboarded).toBe(3);
    expect((await step({ username: 'WizardUser', onboarded: 4 })).user.onboarded).toBe(4);
    const noDating = await step({ open_to_dating: false, onboarded: 5 });
    expect(noDating.user.onboarded).toBe(7);
    for (const [n, category, answer] of [
      [1, 'movie', 'Heat'],
      [2, 'dish', 'Ramen'],
      [3, 'book', 'Dune'],
    ] as const) {
      await step({
        [`favorite_thing_${n}`]: category,
        [`favorite_thing_${n}_answer`]: answer,
        onboarded: 7 + n,
      });
    }
    expect((await step({ onboarded: 11 })).message).toBe(
      'Please complete this step before continuing.',
    );
    await t.database.db.insert(profileImages).values({
      user_id: member.id,
      image_type: 'profile',
      file_name: 'dev/x.webp',
      thumbnail_file_name: 'dev/x-t.webp',
      display_order: 1,
      width: 1024,
      height: 1024,
    });
    expect((await step({ onboarded: 11 })).user.onboarded).toBe(11);
    // Step 11 moves on only once a verification video is stored, and not a rejected one.
    expect((await step({ onboarded: 12 })).message).toBe(
      'Please complete this step before continuing.',
    );
    await t.database.db.insert(verificationVideos).values({
      user_id: member.id,
      file_name: 'dev/v.webm',
      verification_status: 'rejected',
    });
    expect((await step({ onboarded: 12 })).message).toBe(
      'Please complete this step before continuing.',
    );
    await t.database.db
      .insert(verificationVideos)
      .values({ user_id: member.id, file_name: 'dev/v2.webm' });
    expect((await step({ onboarded: 12 })).user.onboarded).toBe(12);
    expect(
      (await step({ short_bio: 'I make pasta from scratch on Sundays.', onboarded: 13 })).user
        .onboarded,
    ).toBe(13);
    const done = await step({ sms_notification: false, onboarded: 14 });
    expect(done.user).toMatchObject({ onboarded: 14, is_approved: true });
    expect((await step({ onboarded: 3 })).user.onboarded).toBe(14);
  });

  it('derives the age range from the date of birth until the member picks one', async () => {
    const { call } = await session();
    const res = await call('/api/auth/update-profile', { birth_date: '2000-01-01' });
    const { ideal_match_age_min, ideal_match_age_max } = res.json().user;
    expect(ideal_match_age_max - ideal_match_age_min).toBe(10);
  });
});

describe('field checks', () => {
  it('username, bio and favourite answer checks', async () => {
    const { call } = await session();
    expect(
      (await call('/api/auth/username-validation', { username: 'sh1thead' })).json(),
    ).toMatchObject({
      success: true,
      isValid: false,
      reason: 'Username contains inappropriate content',
    });
    expect(
      (await call('/api/auth/bio-validation', { bio: 'A perfectly pleasant bio here.' })).json(),
    ).toMatchObject({
      isValid: true,
    });
    expect(
      (
        await call('/api/auth/favorite-thing-validation', {
          favorite_thing: 'hobby',
          answer: '  rock   climbing ',
        })
      ).json(),
    ).toMatchObject({ isValid: true, cleanedInput: 'rock climbing' });
  });

  it('postal validate returns the place or the spec error', async () => {
    const { call } = await session();
    expect((await call('/api/postal/validate', { postal_code: '94103' })).json()).toEqual({
      success: true,
      data: { zip: '94103', country: 'US', state: 'CA', city: 'San Francisco' },
    });
    const bad = await call('/api/postal/validate', { postal_code: '99999' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Invalid postal code']);
  });

  it('check-username ignores the member and case', async () => {
    await buildMember(t.database.db, { username: 'Someone' });
    const { call } = await session({ username: 'Myself' });
    expect((await call('/api/auth/check-username', { username: 'someone' })).json()).toEqual({
      available: false,
      exists: true,
    });
    expect((await call('/api/auth/check-username', { username: 'MYSELF' })).json()).toEqual({
      available: true,
      exists: false,
    });
  });

  it('every profile call needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-profile',
      payload: { gender: 'male' },
    });
    expect(res.statusCode).toBe(401);
  });
});
