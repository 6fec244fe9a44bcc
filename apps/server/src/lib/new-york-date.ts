// The business day: the product counts days (daily claim, connection expiries, the board's
// day) in America/New_York, whatever the server's time zone. Used by several areas, so it
// lives below all of them.
import { CLOSE_TIME_ZONE } from '@bidboard/shared';
import { TZDate } from '@date-fns/tz';

/** The New York calendar day of an instant, as yyyy-mm-dd (daily claim key). */
export function newYorkDate(instant: Date): string {
  const ny = new TZDate(instant.getTime(), CLOSE_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${ny.getFullYear()}-${pad(ny.getMonth() + 1)}-${pad(ny.getDate())}`;
}
