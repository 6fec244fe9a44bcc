// Card updates coalesced per room (card-updates.ts): the first at once, then at most one
// per interval, always the newest, and never the last one dropped.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_UPDATE_INTERVAL_MS, CardUpdates } from './card-updates';

let sent: { room: string; update: number; at: number }[];
let updates: CardUpdates<number>;
const start = Date.now();

beforeEach(() => {
  vi.useFakeTimers({ now: start });
  sent = [];
  updates = new CardUpdates<number>({
    send: (room, update) => sent.push({ room, update, at: Date.now() - start }),
    onError: (err) => {
      throw err;
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('card updates to a room', () => {
  it('sends the first at once and then only the latest, once per interval', () => {
    updates.push('auction_1', 1);
    expect(sent).toEqual([{ room: 'auction_1', update: 1, at: 0 }]);
    // Forty bids over a second, one every 25 ms.
    for (let bid = 2; bid <= 41; bid++) {
      vi.advanceTimersByTime(25);
      updates.push('auction_1', bid);
    }
    vi.advanceTimersByTime(CARD_UPDATE_INTERVAL_MS);
    expect(sent.map((s) => s.update)).toEqual([1, 10, 20, 30, 40, 41]);
    const gaps = sent.slice(1).map((s, i) => s.at - sent[i]!.at);
    expect(gaps.every((gap) => gap >= CARD_UPDATE_INTERVAL_MS)).toBe(true);
    // Quiet since: nothing more, and the next update goes at once again.
    vi.advanceTimersByTime(10 * CARD_UPDATE_INTERVAL_MS);
    expect(sent).toHaveLength(6);
    updates.push('auction_1', 42);
    expect(sent.at(-1)).toEqual({ room: 'auction_1', update: 42, at: 1000 + 11 * 250 });
  });

  it('never drops the last update: it arrives one interval late at most', () => {
    // push says which wait: the room's card caches must hear of those at once.
    expect(updates.push('auction_1', 1)).toBe(false);
    vi.advanceTimersByTime(100);
    expect(updates.push('auction_1', 2)).toBe(true);
    expect(updates.push('auction_1', 3)).toBe(true);
    expect(sent.map((s) => s.update)).toEqual([1]);
    vi.advanceTimersByTime(CARD_UPDATE_INTERVAL_MS - 100);
    expect(sent.map((s) => [s.update, s.at])).toEqual([
      [1, 0],
      [3, CARD_UPDATE_INTERVAL_MS],
    ]);
  });

  it('keeps rooms apart', () => {
    updates.push('auction_1', 1);
    updates.push('auction_2', 1);
    updates.push('auction_1', 2);
    expect(sent.map((s) => `${s.room}:${s.update}`)).toEqual(['auction_1:1', 'auction_2:1']);
    vi.advanceTimersByTime(CARD_UPDATE_INTERVAL_MS);
    expect(sent.map((s) => `${s.room}:${s.update}`)).toEqual([
      'auction_1:1',
      'auction_2:1',
      'auction_1:2',
    ]);
  });

  it('sends what is waiting when the server closes', () => {
    updates.push('auction_1', 1);
    updates.push('auction_1', 2);
    updates.push('auction_2', 1);
    updates.flush();
    expect(sent.map((s) => `${s.room}:${s.update}`)).toEqual([
      'auction_1:1',
      'auction_2:1',
      'auction_1:2',
    ]);
    vi.advanceTimersByTime(10 * CARD_UPDATE_INTERVAL_MS);
    expect(sent).toHaveLength(3);
  });
});
