import { describe, expect, it } from 'vitest';
import { newYorkDate, newYorkYear, newYorkYearBounds } from './new-york-date';

const at = (iso: string) => new Date(iso);

describe('newYorkDate', () => {
  it('uses the New York calendar day', () => {
    expect(newYorkDate(at('2025-07-04T03:59:59Z'))).toBe('2025-07-03');
    expect(newYorkDate(at('2025-07-04T04:00:00Z'))).toBe('2025-07-04');
    expect(newYorkDate(at('2025-01-10T04:59:59Z'))).toBe('2025-01-09');
    expect(newYorkDate(at('2025-01-10T05:00:00Z'))).toBe('2025-01-10');
  });
});

describe('newYorkYear and newYorkYearBounds', () => {
  it('turn the year at New York’s midnight, not UTC’s', () => {
    expect(newYorkYear(at('2027-01-01T04:59:59Z'))).toBe(2026);
    expect(newYorkYear(at('2027-01-01T05:00:00Z'))).toBe(2027);
    expect(newYorkYearBounds(2026)).toEqual({
      start: at('2026-01-01T05:00:00Z'),
      end: at('2027-01-01T05:00:00Z'),
    });
  });
});
