import { describe, expect, it } from 'vitest';
import {
  isReservedUsername,
  needsAvailabilityCheck,
  RESERVED_USERNAMES,
  USERNAME_MESSAGES,
  validateUsername,
} from './username';

describe('username messages', () => {
  it('are exact', () => {
    expect(USERNAME_MESSAGES).toEqual({
      length: 'Username must be between 3 and 14 characters long',
      characters: 'Username can only use letters, numbers, hyphens and underscores',
      edges: 'Username cannot start or end with a hyphen or underscore',
      consecutive: 'Username cannot have two hyphens or underscores in a row',
      repeated: 'Username cannot repeat the same character more than 3 times in a row',
      reserved: 'This username is reserved and cannot be used',
      inappropriate: 'Username contains inappropriate content',
      taken: 'Username is already taken',
    });
  });
});

describe('validateUsername', () => {
  it.each([
    ['', USERNAME_MESSAGES.length],
    ['ab', USERNAME_MESSAGES.length],
    ['  ab  ', USERNAME_MESSAGES.length],
    ['abcdefghijklmno', USERNAME_MESSAGES.length],
    ['john doe', USERNAME_MESSAGES.characters],
    ['john.doe', USERNAME_MESSAGES.characters],
    ['josé', USERNAME_MESSAGES.characters],
    ['john!', USERNAME_MESSAGES.characters],
    ['-john', USERNAME_MESSAGES.edges],
    ['_john', USERNAME_MESSAGES.edges],
    ['john-', USERNAME_MESSAGES.edges],
    ['john_', USERNAME_MESSAGES.edges],
    ['jo--hn', USERNAME_MESSAGES.consecutive],
    ['jo__hn', USERNAME_MESSAGES.consecutive],
    ['jo-_hn', USERNAME_MESSAGES.consecutive],
    ['jo_-hn', USERNAME_MESSAGES.consecutive],
    ['joooohn', USERNAME_MESSAGES.repeated],
    ['jo1111', USERNAME_MESSAGES.repeated],
    ['xaAaAx', USERNAME_MESSAGES.repeated],
    ['admin', USERNAME_MESSAGES.reserved],
    ['ADMIN', USERNAME_MESSAGES.reserved],
    [' Support ', USERNAME_MESSAGES.reserved],
    ['referral', USERNAME_MESSAGES.reserved],
    ['Auctions', USERNAME_MESSAGES.reserved],
    ['api', USERNAME_MESSAGES.reserved],
  ])('%j fails with %s', (raw, message) => {
    expect(validateUsername(raw)).toEqual({ ok: false, message });
  });

  it.each([
    ['abc', 'abc'],
    ['abcdefghijklmn', 'abcdefghijklmn'],
    ['  John_Doe-99  ', 'John_Doe-99'],
    ['j-o_h-n', 'j-o_h-n'],
    ['jooohn', 'jooohn'],
    ['admin2', 'admin2'],
    ['myhome', 'myhome'],
  ])('%j passes as %j', (raw, value) => {
    expect(validateUsername(raw)).toEqual({ ok: true, value });
  });

  it('reserves every listed name ignoring case', () => {
    for (const name of RESERVED_USERNAMES) {
      expect(isReservedUsername(name.toUpperCase())).toBe(true);
      expect(validateUsername(name)).toEqual({ ok: false, message: USERNAME_MESSAGES.reserved });
    }
  });
});

describe('needsAvailabilityCheck', () => {
  it.each([
    ['John', 'john', false],
    [' john ', 'JOHN', false],
    ['johnny', 'john', true],
    ['john', null, true],
  ])('%j vs current %j -> %s', (next, current, needed) => {
    expect(needsAvailabilityCheck(next, current)).toBe(needed);
  });
});
