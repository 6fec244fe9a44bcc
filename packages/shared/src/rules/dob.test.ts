import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthYearOptions,
  DOB_MESSAGES,
  dayOptions,
  idealRangeForAge,
  MONTH_OPTIONS,
  productDay,
  validateBirthDate,
  validateDateOfBirth,
  zodiacSign,
} from './dob';

const NOW = new Date('2025-06-15T12:00:00Z');

describe('date of birth messages', () => {
  it('are the exact texts of the spec, with the product name', () => {
    expect(DOB_MESSAGES.invalid).toBe('Please enter a valid date of birth.');
    expect(DOB_MESSAGES.underage).toBe('You must be at least 18 years old to use Bidboard.');
  });
});

describe('selects', () => {
  it('lists 100 years, newest 18 years ago', () => {
    const years = birthYearOptions(NOW);
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(2007);
    expect(years.at(-1)).toBe(1908);
  });

  it('lists twelve months by name', () => {
    expect(MONTH_OPTIONS[0]).toEqual({ value: 1, label: 'January' });
    expect(MONTH_OPTIONS[11]).toEqual({ value: 12, label: 'December' });
  });

  it.each([
    [2, 2024, 29],
    [2, 2023, 28],
    [2, 1900, 28],
    [4, 2001, 30],
    [12, 2001, 31],
    [undefined, undefined, 31],
    // Before the year is chosen: never an impossible date (issue 20: February 31).
    [2, undefined, 29],
    [4, undefined, 30],
    [1, undefined, 31],
  ])('month %s of %s has %i days', (month, year, count) => {
    expect(dayOptions(month, year)).toHaveLength(count);
  });
});

describe('validateDateOfBirth', () => {
  it.each([
    [{ month: 2, day: 30, year: 2000 }, DOB_MESSAGES.invalid],
    [{ month: 2, day: 29, year: 2001 }, DOB_MESSAGES.invalid],
    [{ month: 4, day: 31, year: 1990 }, DOB_MESSAGES.invalid],
    [{ month: 13, day: 1, year: 1990 }, DOB_MESSAGES.invalid],
    [{ month: 0, day: 1, year: 1990 }, DOB_MESSAGES.invalid],
    [{ month: '', day: 1, year: 1990 }, DOB_MESSAGES.invalid],
    [{ month: 1, day: 1 }, DOB_MESSAGES.invalid],
    [{ month: 1, day: 1, year: 1907 }, DOB_MESSAGES.invalid],
    [{ month: 1, day: 1, year: 2030 }, DOB_MESSAGES.invalid],
    [{ month: 6, day: 16, year: 2007 }, DOB_MESSAGES.underage],
    [{ month: 1, day: 1, year: 2010 }, DOB_MESSAGES.underage],
  ])('%o fails with %s', (input, message) => {
    expect(validateDateOfBirth(input, NOW)).toEqual({ ok: false, message });
  });

  it.each([
    [{ month: 6, day: 15, year: 2007 }, '2007-06-15'],
    [{ month: '2', day: '29', year: '2004' }, '2004-02-29'],
    [{ month: 1, day: 1, year: 1908 }, '1908-01-01'],
  ])('%o passes as %s', (input, value) => {
    expect(validateDateOfBirth(input, NOW)).toEqual({ ok: true, value });
  });
});

describe('validateBirthDate (server, YYYY-MM-DD)', () => {
  it.each([
    ['2000-02-30', { ok: false, message: DOB_MESSAGES.invalid }],
    ['2000/01/01', { ok: false, message: DOB_MESSAGES.invalid }],
    ['', { ok: false, message: DOB_MESSAGES.invalid }],
    ['2007-06-16', { ok: false, message: DOB_MESSAGES.underage }],
    ['2007-06-15', { ok: true, value: '2007-06-15' }],
    [' 1990-12-31 ', { ok: true, value: '1990-12-31' }],
  ])('%j -> %o', (iso, result) => {
    expect(validateBirthDate(iso, NOW)).toEqual(result);
  });

  it('uses the New York calendar day of now, not the UTC one (product rules, Age)', () => {
    // 02:00 UTC on December 3rd is still December 2nd in New York: 17 there, 18 in UTC.
    const utcMorning = new Date('2026-12-03T02:00:00Z');
    expect(validateBirthDate('2008-12-03', utcMorning)).toEqual({
      ok: false,
      message: DOB_MESSAGES.underage,
    });
    expect(validateDateOfBirth({ month: 12, day: 3, year: 2008 }, utcMorning).ok).toBe(false);
    expect(ageOn('2008-12-03', utcMorning)).toBe(17);
    expect(validateBirthDate('2008-12-02', utcMorning).ok).toBe(true);
    // At midnight in New York (05:00 UTC in winter, 04:00 in summer) the birthday comes.
    expect(validateBirthDate('2008-12-03', new Date('2026-12-03T05:00:00Z')).ok).toBe(true);
    expect(ageOn('2007-06-15', new Date('2025-06-15T03:59:00Z'))).toBe(17);
    expect(ageOn('2007-06-15', new Date('2025-06-15T04:00:00Z'))).toBe(18);
  });

  it('names the New York day of an instant', () => {
    expect(productDay(new Date('2026-12-03T02:00:00Z'))).toEqual({ year: 2026, month: 12, day: 2 });
    expect(productDay(new Date('2027-01-01T04:59:59Z'))).toEqual({
      year: 2026,
      month: 12,
      day: 31,
    });
    expect(productDay(new Date('2027-01-01T05:00:00Z'))).toEqual({ year: 2027, month: 1, day: 1 });
  });
});

describe('ageOn', () => {
  it.each([
    ['2007-06-15', 18],
    ['2007-06-16', 17],
    ['1990-01-01', 35],
    ['2004-02-29', 21],
    ['nonsense', Number.NaN],
  ])('%s is %d on 2025-06-15', (birth, age) => {
    expect(ageOn(birth, NOW)).toBe(age);
  });

  it('accepts parts', () => {
    expect(ageOn({ year: 2000, month: 6, day: 15 }, NOW)).toBe(25);
  });
});

describe('idealRangeForAge', () => {
  it.each([
    [18, { min: 18, max: 23 }],
    [22, { min: 18, max: 27 }],
    [23, { min: 18, max: 28 }],
    [30, { min: 25, max: 35 }],
    [55, { min: 50, max: 60 }],
    [62, { min: 57, max: 60 }],
    [70, { min: 58, max: 60 }],
  ])('age %i -> %o', (age, range) => {
    expect(idealRangeForAge(age)).toEqual(range);
  });
});

describe('zodiacSign', () => {
  it.each([
    ['1990-01-19', 'Capricorn'],
    ['1990-01-20', 'Aquarius'],
    ['1990-02-18', 'Aquarius'],
    ['1990-02-19', 'Pisces'],
    ['1990-03-20', 'Pisces'],
    ['1990-03-21', 'Aries'],
    ['1990-04-19', 'Aries'],
    ['1990-04-20', 'Taurus'],
    ['1990-05-21', 'Gemini'],
    ['1990-06-21', 'Cancer'],
    ['1990-07-23', 'Leo'],
    ['1990-08-23', 'Virgo'],
    ['1990-09-23', 'Libra'],
    ['1990-10-23', 'Scorpio'],
    ['1990-11-22', 'Sagittarius'],
    ['1990-12-21', 'Sagittarius'],
    ['1990-12-22', 'Capricorn'],
    ['1990-07-04T00:00:00.000Z', 'Cancer'],
    [null, 'Aquarius'],
    [undefined, 'Aquarius'],
    ['', 'Aquarius'],
    ['not a date', 'Aquarius'],
  ])('%s -> %s', (birth, sign) => {
    expect(zodiacSign(birth)).toBe(sign);
  });
});
