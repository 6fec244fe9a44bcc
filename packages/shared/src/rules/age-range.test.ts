import { describe, expect, it } from 'vitest';
import {
  AGE_RANGE,
  AGE_RANGE_LABELS,
  AGE_RANGE_MESSAGES,
  ageRangeChanged,
  DEFAULT_IDEAL_AGE_RANGE,
  formatAgeValue,
  moveAgeHandle,
  validateAge,
  validateAgeRange,
} from './age-range';

describe('age range control', () => {
  it('has the spec bounds, labels and default', () => {
    expect(AGE_RANGE).toEqual({ min: 18, max: 60, step: 1, minGap: 2 });
    expect(AGE_RANGE_LABELS).toEqual({ min: 'Min age', max: 'Max age' });
    expect(DEFAULT_IDEAL_AGE_RANGE).toEqual({ min: 25, max: 30 });
  });

  it('has exact messages', () => {
    expect(AGE_RANGE_MESSAGES.outOfBounds).toBe('Ages must be whole numbers from 18 to 60');
    expect(AGE_RANGE_MESSAGES.gap).toBe('Max age must be at least 2 years above min age');
  });

  it.each([
    [18, '18'],
    [59, '59'],
    [60, '60+'],
  ])('shows %i as %s', (age, text) => {
    expect(formatAgeValue(age)).toBe(text);
  });

  it.each([
    [{ min: 25, max: 30 }, { min: 25, max: 30 }, false],
    [{ min: 25, max: 30 }, { min: 26, max: 30 }, true],
    [{ min: 25, max: 30 }, { min: 25, max: 31 }, true],
  ])('changed(%o, %o) is %s', (prev, next, changed) => {
    expect(ageRangeChanged(prev, next)).toBe(changed);
  });

  it.each([
    [{ min: 25, max: 30 }, 'min', 29, { min: 28, max: 30 }],
    [{ min: 25, max: 30 }, 'min', 10, { min: 18, max: 30 }],
    [{ min: 25, max: 30 }, 'max', 26, { min: 25, max: 27 }],
    [{ min: 25, max: 30 }, 'max', 99, { min: 25, max: 60 }],
    [{ min: 25, max: 30 }, 'max', 40.4, { min: 25, max: 40 }],
  ] as const)('moving %o %s to %d gives %o', (range, handle, value, next) => {
    expect(moveAgeHandle(range, handle, value)).toEqual(next);
  });
});

describe('validateAgeRange', () => {
  it.each([
    [{ min: 17, max: 30 }, AGE_RANGE_MESSAGES.outOfBounds],
    [{ min: 25, max: 61 }, AGE_RANGE_MESSAGES.outOfBounds],
    [{ min: 25.5, max: 30 }, AGE_RANGE_MESSAGES.outOfBounds],
    [{ min: 30, max: 31 }, AGE_RANGE_MESSAGES.gap],
    [{ min: 30, max: 25 }, AGE_RANGE_MESSAGES.gap],
  ])('%o fails with %s', (range, message) => {
    expect(validateAgeRange(range)).toEqual({ ok: false, message });
  });

  it.each([
    { min: 18, max: 20 },
    { min: 58, max: 60 },
    { min: 25, max: 30 },
  ])('%o passes', (range) => {
    expect(validateAgeRange(range)).toEqual({ ok: true, value: range });
  });

  it.each([
    [18, true],
    [60, true],
    [61, false],
    [Number.NaN, false],
  ])('single age %d ok=%s', (age, ok) => {
    expect(validateAge(age).ok).toBe(ok);
  });
});
