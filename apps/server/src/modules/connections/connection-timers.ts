// The lifecycle deadlines of product rules 'Connection lifecycle', from the business
// settings in effect (so an operator's change applies to every connection at once).
// Each clock starts when the connection entered its current status.
import type { BusinessSettings } from '@bidboard/shared';
import type { ConnectionRow } from './connections.repository';

const HOUR_MS = 3_600_000;

export type ConnectionTimers = Pick<
  BusinessSettings,
  | 'connection_reminder_hours'
  | 'connection_expiry_hours'
  | 'rejection_grace_hours'
  | 'engagement_window_hours'
>;

export const hoursAfter = (start: Date, hours: number) =>
  new Date(start.getTime() + hours * HOUR_MS);
export const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * HOUR_MS);

type Timed = Pick<ConnectionRow, 'status' | 'status_changed_at' | 'escrow_state'>;

/** When a rejection stops being reversible; null unless it still is at `now`. */
export function graceEnd(c: Timed, timers: ConnectionTimers, now: Date): Date | null {
  if (c.status !== 'rejected' || c.escrow_state !== 'held') return null;
  const end = hoursAfter(c.status_changed_at, timers.rejection_grace_hours);
  return end.getTime() > now.getTime() ? end : null;
}

/** When a pending connection expires, or an accepted one still without engagement. */
export function expiresAt(c: Timed, timers: ConnectionTimers): Date | null {
  if (c.status === 'pending')
    return hoursAfter(c.status_changed_at, timers.connection_expiry_hours);
  if (c.status === 'accepted' && c.escrow_state === 'held') {
    return hoursAfter(c.status_changed_at, timers.engagement_window_hours);
  }
  return null;
}
