// The business day: the product counts days (daily claim, connection expiries, the board's
// day, ages) in America/New_York, whatever the server's time zone, by shared's one rule.
// Used by several areas, so it lives below all of them.
import { CLOSE_TIME_ZONE, productDay, toIsoDate } from '@bidboard/shared';
import { TZDate } from '@date-fns/tz';

/** The New York calendar day of an instant, as yyyy-mm-dd (daily claim key). */
export function newYorkDate(instant: Date): string {
  return toIsoDate(productDay(instant));
}

/** The New York calendar year of an instant: the year its payouts are reported in. */
export function newYorkYear(instant: Date): number {
  return productDay(instant).year;
}

/** New York's [Jan 1 00:00, next Jan 1 00:00) of a year, as instants. */
export function newYorkYearBounds(year: number): { start: Date; end: Date } {
  const start = new TZDate(year, 0, 1, CLOSE_TIME_ZONE);
  const end = new TZDate(year + 1, 0, 1, CLOSE_TIME_ZONE);
  return { start: new Date(start.getTime()), end: new Date(end.getTime()) };
}
