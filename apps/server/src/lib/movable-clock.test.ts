import { describe, expect, it } from 'vitest';
import { movableClock } from './movable-clock';

describe('movableClock', () => {
  it('runs with the real clock, moves forward and keeps running from there', () => {
    let real = Date.parse('2026-06-07T12:00:00Z');
    const clock = movableClock(() => new Date(real));
    expect(clock.now().toISOString()).toBe('2026-06-07T12:00:00.000Z');
    expect(clock.moveTo(new Date('2026-06-08T15:00:00Z'))).toBe(true);
    expect(clock.now().toISOString()).toBe('2026-06-08T15:00:00.000Z');
    real += 60_000;
    expect(clock.now().toISOString()).toBe('2026-06-08T15:01:00.000Z');
  });

  it('never goes back', () => {
    const clock = movableClock(() => new Date('2026-06-07T12:00:00Z'));
    clock.moveTo(new Date('2026-06-08T12:00:00Z'));
    expect(clock.moveTo(new Date('2026-06-07T18:00:00Z'))).toBe(false);
    expect(clock.now().toISOString()).toBe('2026-06-08T12:00:00.000Z');
  });

  it('tells its listeners of each move, not of a refused one', () => {
    const clock = movableClock(() => new Date('2026-06-07T12:00:00Z'));
    const moves: string[] = [];
    clock.onMove(() => moves.push(clock.now().toISOString()));
    clock.moveTo(new Date('2026-06-08T12:00:00Z'));
    clock.moveTo(new Date('2026-06-07T18:00:00Z'));
    expect(moves).toEqual(['2026-06-08T12:00:00.000Z']);
  });
});
