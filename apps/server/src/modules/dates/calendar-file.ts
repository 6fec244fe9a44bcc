// An accepted plan as an iCalendar file (RFC 5545), for the member's own calendar app.
import { PRODUCT_NAME } from '@bidboard/shared';
import type { PlanRow } from './date-plans.repository';

/** A date is put in the calendar for two hours; the plan itself has only a start. */
const DURATION = 'PT2H';

const stamp = (value: Date | string) =>
  new Date(value)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values escape backslashes, separators and line breaks. */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded: CRLF and a space. */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut--;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  out.push(rest);
  return out.join('\r\n ');
}

export function calendarFile(plan: PlanRow, partnerName: string | null, now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PRODUCT_NAME}//Date plans//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:date-plan-${plan.id}@bidboard`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(plan.starts_at)}`,
    `DURATION:${DURATION}`,
    `SUMMARY:${text(`Date with ${partnerName ?? 'a member'}`)}`,
    `LOCATION:${text(plan.place)}`,
    ...(plan.note ? [`DESCRIPTION:${text(plan.note)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
