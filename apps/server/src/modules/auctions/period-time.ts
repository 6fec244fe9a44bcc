// Period clock maths (product rules, Bidding): every period ends on Thursday at 20:00
// America/New_York, whatever the UTC offset is that week. Pure functions of an instant.
import { CLOSE_TIME_ZONE } from '@bidboard/shared';
import { TZDate } from '@date-fns/tz';

const THURSDAY = 4;
const CLOSE_HOUR = 20;

/** The first Thursday 20:00 New York time strictly after `after`. */
export function nextPeriodEnd(after: Date): Date {
  const ny = new TZDate(after.getTime(), CLOSE_TIME_ZONE);
  const daysAhead = (THURSDAY - ny.getDay() + 7) % 7;
  const closeOn = (extraDays: number) =>
    new TZDate(
      ny.getFullYear(),
      ny.getMonth(),
      ny.getDate() + daysAhead + extraDays,
      CLOSE_HOUR,
      0,
      0,
      0,
      CLOSE_TIME_ZONE,
    );
  const candidate = closeOn(0);
  const end = candidate.getTime() > after.getTime() ? candidate : closeOn(7);
  return new Date(end.getTime());
}

/** A period is over from its end instant on: a bid at exactly end_time is too late. */
export function isPeriodOver(endTime: Date, now: Date): boolean {
  return now.getTime() >= endTime.getTime();
}

export function secondsUntil(endTime: Date, now: Date): number {
  return Math.max(0, Math.ceil((endTime.getTime() - now.getTime()) / 1000));
}
