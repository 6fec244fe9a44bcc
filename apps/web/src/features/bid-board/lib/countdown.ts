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

export function isCritical(seconds: number): boolean {
  return seconds <= CRITICAL_SECONDS;
}
