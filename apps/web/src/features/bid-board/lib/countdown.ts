// The Bid Board countdown (marketplace §4 Auction period and countdown): server syncs are
// trusted for 15 s, then the stored period end time is used; 10 s or less is critical.

export const SYNC_EXPIRY_MS = 15_000;
export const CRITICAL_SECONDS = 10;
export const RELOAD_AFTER_END_MS = 1500;

export interface CountdownSync {
  secondsRemaining: number;
  /** Local clock (ms) when the sync arrived. */
  receivedAt: number;
}

/** Seconds left, or null when the end time cannot be read. */
export function secondsRemaining(
  endTime: string | null | undefined,
  sync: CountdownSync | null,
  now: number,
): number | null {
  if (sync && now - sync.receivedAt < SYNC_EXPIRY_MS) {
    return Math.max(0, sync.secondsRemaining - Math.floor((now - sync.receivedAt) / 1000));
  }
  const end = endTime ? Date.parse(endTime) : Number.NaN;
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.floor((end - now) / 1000));
}

const two = (n: number) => String(n).padStart(2, '0');

const DAY = 86_400;

/**
 * 3725 -> "01:02:05"; with more than 24 hours left the days come first, so a week-long
 * period reads "4d 14:33:00" rather than "110:33:00".
 */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = s > DAY ? Math.floor(s / DAY) : 0;
  const rest = s - days * DAY;
  const clock = `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

export function isCritical(seconds: number): boolean {
  return seconds <= CRITICAL_SECONDS;
}
