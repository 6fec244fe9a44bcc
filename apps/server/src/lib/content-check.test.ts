import {
  BIO_MESSAGES,
  FAVORITE_MESSAGES,
  PROMPT_MESSAGES,
  USERNAME_MESSAGES,
} from '@bidboard/shared';
import { describe, expect, it } from 'vitest';
import {
  censorProfanity,
  checkBio,
  checkFavoriteAnswer,
  checkPromptAnswer,
  checkUsername,
} from './content-check';

const USERNAME_REJECTED = 'Username contains inappropriate content';
const BIO_REJECTED = 'Bio contains inappropriate content';
const ANSWER_REJECTED = 'Invalid input';

describe('checkUsername', () => {
  it.each([
    ['fuckboy', USERNAME_REJECTED],
    ['Sh1tHead', USERNAME_REJECTED],
    ['f_u_c_k', USERNAME_REJECTED],
    ['big_dick_99', USERNAME_REJECTED],
    ['ab', USERNAME_MESSAGES.length],
    ['admin', USERNAME_MESSAGES.reserved],
    ['jo__hn', USERNAME_MESSAGES.consecutive],
  ])('%j is rejected: %s', (username, reason) => {
    expect(checkUsername(username)).toMatchObject({ isValid: false, reason });
  });

  it.each(['classic', 'assassin', 'Dickens', 'cocktail_fan', 'Scunthorpe', ' Mike_1990 '])(
    '%j passes',
    (username) => {
      expect(checkUsername(username)).toEqual({
        isValid: true,
        reason: null,
        cleanedInput: username.trim(),
      });
    },
  );
});

describe("checkPromptAnswer (issue 44: the bio's checks, 150 characters)", () => {
  it.each([
    ['I am a total bitch about coffee, honestly', PROMPT_MESSAGES.inappropriate],
    ['Looking for s3x and nothing more than that', PROMPT_MESSAGES.inappropriate],
    [' x ', PROMPT_MESSAGES.tooShort],
    ['a'.repeat(151), PROMPT_MESSAGES.tooLong],
  ])('%j is rejected: %s', (answer, reason) => {
    expect(checkPromptAnswer(answer)).toMatchObject({ isValid: false, reason });
  });

  it('passes a clean answer trimmed, up to 150 characters', () => {
    expect(checkPromptAnswer(`  ${'a'.repeat(150)} `)).toEqual({
      isValid: true,
      reason: null,
      cleanedInput: 'a'.repeat(150),
    });
    expect(checkPromptAnswer(' Tacos, then karaoke ').cleanedInput).toBe('Tacos, then karaoke');
  });
});

describe('checkBio', () => {
  it.each([
    ['I am a total bitch about coffee, honestly', BIO_REJECTED],
    ['Looking for s3x and nothing more than that', BIO_REJECTED],
    ['too short', BIO_MESSAGES.tooShort],
    ['a'.repeat(131), BIO_MESSAGES.tooLong],
  ])('%j is rejected: %s', (bio, reason) => {
    expect(checkBio(bio)).toMatchObject({ isValid: false, reason });
  });

  it('passes a clean bio trimmed', () => {
    expect(checkBio('  Classic film buff and cocktail maker.  ')).toEqual({
      isValid: true,
      reason: null,
      cleanedInput: 'Classic film buff and cocktail maker.',
    });
  });
});

describe('checkFavoriteAnswer', () => {
  it('rejects a profane answer and shows it censored', () => {
    expect(checkFavoriteAnswer('movie', '  Fuck   yeah  ')).toEqual({
      isValid: false,
      reason: ANSWER_REJECTED,
      cleanedInput: '**** yeah',
    });
  });

  it.each([
    ['x', FAVORITE_MESSAGES.tooShort],
    ['a'.repeat(36), FAVORITE_MESSAGES.tooLong],
    ['   ', FAVORITE_MESSAGES.required],
  ])('%j is rejected: %s', (answer, reason) => {
    expect(checkFavoriteAnswer('book', answer)).toMatchObject({ isValid: false, reason });
  });

  it('passes the trimmed, single-spaced answer as the text to save', () => {
    expect(checkFavoriteAnswer('dream_destination', '  Kyoto,   Japan ')).toEqual({
      isValid: true,
      reason: null,
      cleanedInput: 'Kyoto, Japan',
    });
  });

  it('censors with asterisks', () => {
    expect(censorProfanity('what the shit')).toBe('what the ****');
  });
});
