// Formatting used across the console: dates, the period countdown and report ages.
import { format } from 'date-fns';

export const formatWhen = (iso: string) => format(new Date(iso), 'MMM d, yyyy h:mm aaa');

/** "2d 03:04:05" until `endMs`; "Closing…" once it has passed. */
export function countdown(endMs: number, nowMs: number): string {
  const left = Math.max(0, Math.floor((endMs - nowMs) / 1000));
  if (left === 0) return 'Closing…';
  const days = Math.floor(left / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((left % 86_400) / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

export const formatCents = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
