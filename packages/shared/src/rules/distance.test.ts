import { describe, expect, it } from 'vitest';
import { distanceUnitFor, isMaxDistance, KM_PER_MILE, roundDistance } from './distance';

describe('distance shown between members', () => {
  it('rounds to whole miles, never finer', () => {
    expect(roundDistance(3.4 * KM_PER_MILE, 'mi')).toEqual({ kind: 'near', value: 3, unit: 'mi' });
    expect(roundDistance(3.6 * KM_PER_MILE, 'mi')).toEqual({ kind: 'near', value: 4, unit: 'mi' });
    expect(roundDistance(1.2 * KM_PER_MILE, 'mi')).toEqual({ kind: 'near', value: 1, unit: 'mi' });
  });

  it("reads 'Less than 1' below one unit, the same member next door or across town", () => {
    expect(roundDistance(0, 'mi')).toEqual({ kind: 'near', value: 0, unit: 'mi' });
    expect(roundDistance(0.99 * KM_PER_MILE, 'mi')).toEqual({ kind: 'near', value: 0, unit: 'mi' });
    expect(roundDistance(0.5, 'km')).toEqual({ kind: 'near', value: 0, unit: 'km' });
  });

  it("is 'Far away' past 500 of the reader's units", () => {
    expect(roundDistance(500 * KM_PER_MILE, 'mi')).toEqual({
      kind: 'near',
      value: 500,
      unit: 'mi',
    });
    expect(roundDistance(501 * KM_PER_MILE, 'mi')).toEqual({ kind: 'far' });
    expect(roundDistance(600, 'km')).toEqual({ kind: 'far' });
    expect(roundDistance(600, 'mi')).toEqual({ kind: 'near', value: 373, unit: 'mi' });
  });

  it('uses kilometres for members in Canada only', () => {
    expect(distanceUnitFor('CA')).toBe('km');
    expect(distanceUnitFor('US')).toBe('mi');
    expect(distanceUnitFor(null)).toBe('mi');
  });

  it("offers 10, 25, 50, 100 and 250 as 'Maximum distance'", () => {
    expect([10, 25, 50, 100, 250].every(isMaxDistance)).toBe(true);
    expect(isMaxDistance(30)).toBe(false);
  });
});
