// Date of birth (accounts §5 'Date of birth', §9): month/day/year selects, members must be
// 18 or older, the age and astrological sign shown on cards, and the ideal match range
// derived from age. One rule at every door (product rules, Age): "today" is the New York
// calendar day of the injected `now`, the product's clock, in the browser and on the
// server alike; the UTC day ran ahead of it each evening and let a member who is 17 in New
// York sign up between about 00:00 and 05:00 UTC.
import { MINIMUM_AGE, PRODUCT_NAME } from '../constants';
import { AGE_RANGE, type AgeRange } from './age-range';
import { CLOSE_TIME_ZONE } from './auction';
import { fail, pass, type RuleResult } from './result';

/** The year list runs from 18 years ago back 100 years: 100 entries, newest first. */
export const BIRTH_YEAR_SPAN = 100;

export const DOB_MESSAGES = {
  invalid: 'Please enter a valid date of birth.',
  underage: `You must be at least ${MINIMUM_AGE} years old to use ${PRODUCT_NAME}.`,
} as const;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const MONTH_OPTIONS = MONTH_NAMES.map((label, i) => ({ value: i + 1, label }));

export type DateParts = { year: number; month: number; day: number };
/** Raw select values: numbers, numeric strings, or empty while nothing is chosen. */
export type DateInput = { year?: unknown; month?: unknown; day?: unknown };

const NEW_YORK_DAY = new Intl.DateTimeFormat('en-US', {
  timeZone: CLOSE_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The product's calendar day: the New York date of an instant. */
export function productDay(now: Date): DateParts {
  const parts = NEW_YORK_DAY.formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') =>
    Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

const today = productDay;

export function daysInMonth(month: number, year: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Years for the year select, newest (18 years ago) first. */
export function birthYearOptions(now: Date): number[] {
  const newest = today(now).year - MINIMUM_AGE;
  return Array.from({ length: BIRTH_YEAR_SPAN }, (_, i) => newest - i);
}

/**
 * Days for the day select: the month's days in that year; before the year is chosen, the
 * most that month ever has (29 for February, never 30 or 31); 31 before the month is.
 */
export function dayOptions(month?: number, year?: number): number[] {
  // 2000 is a leap year: every month at its longest.
  const count = month ? daysInMonth(month, year ?? 2000) : 31;
  return Array.from({ length: count }, (_, i) => i + 1);
}

/** Whole years between a birth date and `now`'s New York date. */
export function ageOn(birth: DateParts | string, now: Date): number {
  const b = typeof birth === 'string' ? parseIsoDate(birth) : birth;
  if (!b) return Number.NaN;
  const t = today(now);
  const hadBirthday = t.month > b.month || (t.month === b.month && t.day >= b.day);
  return t.year - b.year - (hadBirthday ? 0 : 1);
}

function toInt(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) return Number(v.trim());
  return Number.NaN;
}

function isRealDate({ year, month, day }: DateParts): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(month, year)
  );
}

function parseIsoDate(iso: string): DateParts | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.trim());
  if (!m) return null;
  const parts = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return isRealDate(parts) ? parts : null;
}

export function toIsoDate({ year, month, day }: DateParts): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function checkParts(parts: DateParts, now: Date): RuleResult<string> {
  if (!isRealDate(parts)) return fail(DOB_MESSAGES.invalid);
  const age = ageOn(parts, now);
  // A future date, or one older than the year list reaches, is not a date of birth.
  if (age < 0 || parts.year < today(now).year - MINIMUM_AGE - BIRTH_YEAR_SPAN + 1) {
    return fail(DOB_MESSAGES.invalid);
  }
  if (age < MINIMUM_AGE) return fail(DOB_MESSAGES.underage);
  return pass(toIsoDate(parts));
}

/** Wizard/settings check of the three selects; passes with 'YYYY-MM-DD'. */
export function validateDateOfBirth(input: DateInput, now: Date): RuleResult<string> {
  return checkParts(
    { year: toInt(input.year), month: toInt(input.month), day: toInt(input.day) },
    now,
  );
}

/** Server check of a submitted birth_date 'YYYY-MM-DD'. */
export function validateBirthDate(iso: string, now: Date): RuleResult<string> {
  const parts = parseIsoDate(iso);
  return parts ? checkParts(parts, now) : fail(DOB_MESSAGES.invalid);
}

/**
 * Default ideal match range from age: min = max(18, age - 5), max = min(60, age + 5).
 * Past 63 the min would pass the max, so it stops at 58 to keep the slider's 2-year gap.
 */
export function idealRangeForAge(age: number): AgeRange {
  const min = Math.min(Math.max(AGE_RANGE.min, age - 5), AGE_RANGE.max - AGE_RANGE.minGap);
  return { min, max: Math.min(AGE_RANGE.max, age + 5) };
}

export const ZODIAC_SIGNS = [
  'Capricorn',
  'Aquarius',
  'Pisces',
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
] as const;
export type ZodiacSign = (typeof ZODIAC_SIGNS)[number];

// First day of the sign that starts in each month (Jan 20 Aquarius ... Dec 22 Capricorn);
// the days before it belong to the previous month's sign.
const SIGN_START_DAY = [20, 19, 21, 20, 21, 21, 23, 23, 23, 23, 22, 22] as const;

/** Sun sign of a birth date; Aquarius when the date is missing or unreadable (marketplace §2). */
export function zodiacSign(birthDate: string | null | undefined): ZodiacSign {
  const parts = birthDate ? parseIsoDate(birthDate.slice(0, 10)) : null;
  if (!parts) return 'Aquarius';
  const startsThisMonth = parts.day >= SIGN_START_DAY[parts.month - 1]!;
  return ZODIAC_SIGNS[(parts.month - (startsThisMonth ? 0 : 1)) % 12]!;
}
