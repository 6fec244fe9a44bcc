// Ideal-match age range (accounts §5 'Age-range control', product rules 'Onboarding'):
// 18..60 in steps of 1, handles at least 2 apart, and 60 on the upper handle means "60+".
import { fail, pass, type RuleResult } from './result';

export const AGE_RANGE = { min: 18, max: 60, step: 1, minGap: 2 } as const;
export const DEFAULT_IDEAL_AGE_RANGE: AgeRange = { min: 25, max: 30 };
export const AGE_RANGE_LABELS = { min: 'Min age', max: 'Max age' } as const;

export const AGE_RANGE_MESSAGES = {
  outOfBounds: `Ages must be whole numbers from ${AGE_RANGE.min} to ${AGE_RANGE.max}`,
  gap: `Max age must be at least ${AGE_RANGE.minGap} years above min age`,
} as const;

export type AgeRange = { min: number; max: number };

/** Text shown for a handle value: 60 reads '60+' because it has no upper limit. */
export function formatAgeValue(age: number): string {
  return age >= AGE_RANGE.max ? `${AGE_RANGE.max}+` : String(age);
}

/** Whether an age-range value should be reported: only when min or max differs. */
export function ageRangeChanged(prev: AgeRange, next: AgeRange): boolean {
  return prev.min !== next.min || prev.max !== next.max;
}

/**
 * Moves one handle to `value`, clamped to the bounds and kept at least the minimum gap
 * away from the other handle (the other handle never moves).
 */
export function moveAgeHandle(range: AgeRange, handle: 'min' | 'max', value: number): AgeRange {
  const v = Math.round(value);
  if (handle === 'min') {
    return {
      min: Math.max(AGE_RANGE.min, Math.min(v, range.max - AGE_RANGE.minGap)),
      max: range.max,
    };
  }
  return {
    min: range.min,
    max: Math.min(AGE_RANGE.max, Math.max(v, range.min + AGE_RANGE.minGap)),
  };
}

function isAge(n: number): boolean {
  return Number.isInteger(n) && n >= AGE_RANGE.min && n <= AGE_RANGE.max;
}

/** Server-side check of a submitted range. */
export function validateAgeRange(range: AgeRange): RuleResult<AgeRange> {
  if (!isAge(range.min) || !isAge(range.max)) return fail(AGE_RANGE_MESSAGES.outOfBounds);
  if (range.max - range.min < AGE_RANGE.minGap) return fail(AGE_RANGE_MESSAGES.gap);
  return pass({ min: range.min, max: range.max });
}

/** Check of a single submitted age (when only one end of the range is sent). */
export function validateAge(age: number): RuleResult<number> {
  return isAge(age) ? pass(age) : fail(AGE_RANGE_MESSAGES.outOfBounds);
}
