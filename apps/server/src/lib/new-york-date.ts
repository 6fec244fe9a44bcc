// The business day: the product counts days (daily claim, connection expiries, the board's
// day, ages) in America/New_York, whatever the server's time zone, by shared's one rule.
// Used by several areas, so it lives below all of them.
import { productDay, toIsoDate } from '@bidboard/shared';

/** The New York calendar day of an instant, as yyyy-mm-dd (daily claim key). */
export function newYorkDate(instant: Date): string {
  return toIsoDate(productDay(instant));
}
