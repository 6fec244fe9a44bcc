// Time left until launch, split for the DAY / HRS / MIN / SEC boxes.
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

const launchFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** The launch instant as New York reads it, e.g. 'Tue, Aug 5, 4:00 PM EDT'. */
export function formatLaunchTime(launchAt: string | Date): string {
  return launchFormat.format(new Date(launchAt));
}
