import { describe, expect, it } from 'vitest';
import { isPeriodOver, nextPeriodEnd, secondsUntil } from './period-time';

const at = (iso: string) => new Date(iso);

describe('nextPeriodEnd', () => {
  it('is Thursday 20:00 EDT (00:00 UTC Friday) in summer', () => {
    expect(nextPeriodEnd(at('2025-07-01T12:00:00Z')).toISOString()).toBe(
      '2025-07-04T00:00:00.000Z',
    );
  });

  it('is Thursday 20:00 EST (01:00 UTC Friday) in winter', () => {
    expect(nextPeriodEnd(at('2025-01-06T12:00:00Z')).toISOString()).toBe(
      '2025-01-10T01:00:00.000Z',
    );
  });

  it('crosses the March change: the period that spans it closes at 20:00 EDT', () => {
    // DST starts Sunday 2025-03-09 02:00 EST; Thursday 03-06 is still EST.
    expect(nextPeriodEnd(at('2025-03-05T15:00:00Z')).toISOString()).toBe(
      '2025-03-07T01:00:00.000Z',
    );
    const afterChange = nextPeriodEnd(at('2025-03-07T01:00:00Z'));
    expect(afterChange.toISOString()).toBe('2025-03-14T00:00:00.000Z');
    // 7 calendar days but only 167 hours long.
    expect((afterChange.getTime() - at('2025-03-07T01:00:00Z').getTime()) / 3_600_000).toBe(167);
  });

  it('crosses the November change: the period that spans it is 169 hours long', () => {
    // DST ends Sunday 2025-11-02 02:00 EDT.
    const before = nextPeriodEnd(at('2025-10-28T12:00:00Z'));
    expect(before.toISOString()).toBe('2025-10-31T00:00:00.000Z');
    const after = nextPeriodEnd(before);
    expect(after.toISOString()).toBe('2025-11-07T01:00:00.000Z');
    expect((after.getTime() - before.getTime()) / 3_600_000).toBe(169);
  });

  it('from inside the repeated hour on the November change day', () => {
    expect(nextPeriodEnd(at('2025-11-02T05:30:00Z')).toISOString()).toBe(
      '2025-11-07T01:00:00.000Z',
    );
    expect(nextPeriodEnd(at('2025-11-02T06:30:00Z')).toISOString()).toBe(
      '2025-11-07T01:00:00.000Z',
    );
  });

  it('at the exact close instant the next end is a week later; a millisecond before it is the same day', () => {
    const close = at('2025-11-07T01:00:00Z');
    expect(nextPeriodEnd(new Date(close.getTime() - 1)).toISOString()).toBe(close.toISOString());
    expect(nextPeriodEnd(close).toISOString()).toBe('2025-11-14T01:00:00.000Z');
  });

  it('on Thursday before and after 20:00 New York time', () => {
    expect(nextPeriodEnd(at('2025-07-03T23:59:59Z')).toISOString()).toBe(
      '2025-07-04T00:00:00.000Z',
    );
    expect(nextPeriodEnd(at('2025-07-04T00:00:01Z')).toISOString()).toBe(
      '2025-07-11T00:00:00.000Z',
    );
  });
});

describe('close instant and daily key', () => {
  it('a period is over at exactly its end, not a millisecond before', () => {
    const end = at('2025-03-14T00:00:00Z');
    expect(isPeriodOver(end, new Date(end.getTime() - 1))).toBe(false);
    expect(isPeriodOver(end, end)).toBe(true);
    expect(secondsUntil(end, new Date(end.getTime() - 1500))).toBe(2);
    expect(secondsUntil(end, end)).toBe(0);
  });
});
