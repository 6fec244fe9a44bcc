// Time left until launch, split for the DAY / HRS / MIN / SEC boxes.
import { formatDate } from '@/lib/i18n/format';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function countdownParts(msLeft: number): CountdownParts {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const LAUNCH_FORMAT: Intl.DateTimeFormatOptions = {
  timeZone: 'America/New_York',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/**
 * The launch instant as New York reads it, in the language on screen: 'Tue, Aug 5, 4:00 PM
 * EDT', 'mar. 5 août, 16 h 00 HAE'.
 */
export function formatLaunchTime(launchAt: string | Date): string {
  return formatDate(launchAt, LAUNCH_FORMAT);
}
