import { describe, expect, it } from 'vitest';
import { buildMessage } from '@/test/factories';
import {
  catchUpAfter,
  dividerLabel,
  hasGap,
  lastReadOwnMessage,
  listTimestamp,
  mergeMessages,
  needsDivider,
} from './chat-view';

describe('chat view rules', () => {
  it('puts a divider above the first message and after gaps over 10 minutes only', () => {
    const t = Date.parse('2026-01-08T12:00:00Z');
    expect(needsDivider(null, t)).toBe(true);
    expect(needsDivider(t, t + 10 * 60_000)).toBe(false);
    expect(needsDivider(t, t + 10 * 60_000 + 1)).toBe(true);
  });

  it('catches up from the end of the gap-free run, not from the newest message held', () => {
    const held = [
      buildMessage(10, { seq: 4 }),
      buildMessage(11, { seq: 5 }),
      buildMessage(14, { seq: 8 }),
    ];
    expect(hasGap(held)).toBe(true);
    expect(catchUpAfter(held)).toBe(11);
    expect(catchUpAfter(held.slice(0, 2))).toBe(11);
    expect(hasGap(held.slice(0, 2))).toBe(false);
    expect(catchUpAfter([])).toBe(0);
  });

  it('merges pages, live events and catch-up in conversation order, each message once', () => {
    const page = [buildMessage(3), buildMessage(4)];
    expect(mergeMessages(page, [buildMessage(4)])).toBe(page);
    const merged = mergeMessages(page, [buildMessage(6), buildMessage(1), buildMessage(4)]);
    expect(merged.map((m) => m.id)).toEqual([1, 3, 4, 6]);
  });

  it('shows the time today, the weekday this week and MM/DD/YY before', () => {
    const now = new Date(2026, 0, 8, 15, 0);
    expect(listTimestamp(new Date(2026, 0, 8, 9, 5).getTime(), now)).toBe('9:05 am');
    expect(listTimestamp(new Date(2026, 0, 6, 9, 5).getTime(), now)).toBe('Tue');
    expect(listTimestamp(new Date(2025, 11, 20, 9, 5).getTime(), now)).toBe('12/20/25');
  });

  it('in French: 24-hour times, French weekdays and the date as Quebec writes it', () => {
    const now = new Date(2026, 0, 8, 15, 0);
    const plain = (text: string) => text.replace(/\s/g, ' ');
    const at = (...parts: [number, number, number, number, number]) => new Date(...parts).getTime();
    expect(plain(listTimestamp(at(2026, 0, 8, 21, 5), now, 'fr-CA'))).toBe('21 h 05');
    expect(listTimestamp(at(2026, 0, 6, 9, 5), now, 'fr-CA')).toBe('mar.');
    expect(listTimestamp(at(2025, 11, 20, 9, 5), now, 'fr-CA')).toBe('2025-12-20');
    const today = (time: string) => `Aujourd’hui, ${time}`;
    expect(plain(dividerLabel(at(2026, 0, 8, 9, 5), today, now, 'fr-CA'))).toBe(
      'Aujourd’hui, 9 h 05',
    );
    expect(plain(dividerLabel(at(2026, 0, 5, 21, 15), today, now, 'fr-CA'))).toBe(
      'lun. 5 janv., 21 h 15',
    );
    expect(dividerLabel(at(2026, 0, 8, 9, 5), (time) => `Today ${time}`, now, 'en')).toBe(
      'Today 9:05 am',
    );
  });

  it('marks the latest own message the partner has read', () => {
    const messages = [
      buildMessage(1, { senderId: 7 }),
      buildMessage(2),
      buildMessage(3, { senderId: 7 }),
    ];
    expect(lastReadOwnMessage(messages, 7, 2)).toBe(1);
    expect(lastReadOwnMessage(messages, 7, 3)).toBe(3);
    expect(lastReadOwnMessage(messages, 7, 0)).toBeNull();
  });
});
