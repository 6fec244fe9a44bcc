// How conversations and messages read (marketplace §2 Chat overlay, §9): list timestamps,
// the divider between messages more than 10 minutes apart, read receipts, and the
// order-preserving merge of pages and live messages without duplicates.
import {
  type Conversation,
  DELETED_USER_ICON,
  MESSAGE_DIVIDER_GAP_MS,
  type Message,
} from '@bidboard/shared';
import type { Language } from '@bidboard/shared/i18n/languages';
import { format, isSameDay, isSameYear } from 'date-fns';
import { formatDate } from '@/lib/i18n/format';
import { currentLanguage } from '@/lib/i18n/i18n';

// English reads as the spec's screens do (date-fns patterns); French as Quebec writes dates
// and 24-hour times, through Intl ('9 h 05', 'lun.', '2026-03-02').
const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** The list's timestamp: the time today, the weekday within a week, else MM/DD/YY. */
export function listTimestamp(
  ts: number,
  now: Date = new Date(),
  language: Language = currentLanguage(),
): string {
  const date = new Date(ts);
  if (Number.isNaN(date.getTime())) return '';
  const english = language === 'en';
  if (isSameDay(date, now))
    return english ? format(date, 'h:mm aaa') : formatDate(date, CLOCK, language);
  if (now.getTime() - date.getTime() < 6 * 86_400_000) {
    return english ? format(date, 'EEE') : formatDate(date, { weekday: 'short' }, language);
  }
  return english ? format(date, 'MM/dd/yy') : formatDate(date, { dateStyle: 'short' }, language);
}

/**
 * A divider's label: 'Today 3:04 pm' (`today` words the day with its time), 'Mon 03/02
 * 9:15 am' or '03/02/25 9:15 am'; in French 'Aujourd’hui, 9 h 15', 'lun. 2 mars, 9 h 15'.
 */
export function dividerLabel(
  ts: number,
  today: (time: string) => string,
  now: Date = new Date(),
  language: Language = currentLanguage(),
): string {
  const date = new Date(ts);
  const english = language === 'en';
  if (isSameDay(date, now)) {
    return today(english ? format(date, 'h:mm aaa') : formatDate(date, CLOCK, language));
  }
  if (isSameYear(date, now)) {
    return english
      ? format(date, 'EEE MM/dd h:mm aaa')
      : formatDate(date, { weekday: 'short', day: 'numeric', month: 'short', ...CLOCK }, language);
  }
  return english
    ? format(date, 'MM/dd/yy h:mm aaa')
    : formatDate(date, { day: 'numeric', month: 'short', year: 'numeric', ...CLOCK }, language);
}

/** A divider goes above the first message and after any gap over 10 minutes. */
export function needsDivider(previousTs: number | null, ts: number): boolean {
  return previousTs === null || ts - previousTs > MESSAGE_DIVIDER_GAP_MS;
}

/**
 * Merges pages, live events and the catch-up after a reconnect into one list in
 * conversation order (seq: 1, 2, 3, ... without gaps); a message seen twice appears once.
 * Returns the same array when nothing is new, so React skips the render.
 */
export function mergeMessages(
  current: readonly Message[],
  incoming: readonly Message[],
): Message[] {
  const known = new Set(current.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id));
  if (fresh.length === 0) return current as Message[];
  return [...current, ...fresh].sort((a, b) => a.seq - b.seq);
}

/** A message that changed after it was sent (its image was screened), in place. */
export function replaceMessage(current: readonly Message[], updated: Message): Message[] {
  const index = current.findIndex((m) => m.id === updated.id);
  if (index < 0) return current as Message[];
  const next = [...current];
  next[index] = updated;
  return next;
}

/**
 * The id to catch up after: the end of the gap-free run from the oldest message held.
 * Live events may arrive out of order, so the newest message held may sit beyond a hole.
 */
export function catchUpAfter(messages: readonly Message[]): number {
  if (messages.length === 0) return 0;
  let end = messages[0]!;
  for (const m of messages.slice(1)) {
    if (m.seq !== end.seq + 1) break;
    end = m;
  }
  return end.id;
}

/** Whether the held messages have a hole (a later one arrived before an earlier one). */
export function hasGap(messages: readonly Message[]): boolean {
  return messages.some((m, i) => i > 0 && m.seq !== messages[i - 1]!.seq + 1);
}

/** The member's unread count in a conversation. */
export function unreadFor(conversation: Pick<Conversation, 'unread'>, userId: number): number {
  return conversation.unread[String(userId)] ?? 0;
}

/** The id of the viewer's last message the partner has read, for the 'Read' receipt. */
export function lastReadOwnMessage(
  messages: readonly Message[],
  viewerId: number,
  partnerLastRead: number,
): number | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.senderId === viewerId && m.id <= partnerLastRead) return m.id;
  }
  return null;
}

/**
 * The partner as the list row and the header show them: a member who deleted their account
 * is the deleted-user placeholder the deletion dialog promises (marketplace §3), named in the
 * member's language (`names`).
 */
export function partnerShown(
  c: Conversation,
  names: { member: string; deleted: string },
): { name: string; photo: string | null } {
  if (c.partner.deleted) return { name: names.deleted, photo: DELETED_USER_ICON };
  return { name: c.partner.username ?? names.member, photo: c.partner.profile_picture_1 };
}
