// The room-card cache answers from memory only while no change has been announced since
// its read began, never past its age limit, and never keeps an auction without a card.
import { describe, expect, it } from 'vitest';
import type { RoomCard } from './auctions.service';
import { RoomCardCache } from './room-card-cache';

const cardOf = (id: number, current_bid: number) =>
  ({ card: { id, current_bid }, row: {}, blockedWith: new Set() }) as unknown as RoomCard;

/** A cache over reads the test answers by hand, on a clock it moves. */
function harness(maxAgeMs = 1_000) {
  let now = 0;
  const reads: { id: number; answer: (card: RoomCard | undefined) => void }[] = [];
  const cache = new RoomCardCache({
    read: (id) => new Promise((answer) => reads.push({ id, answer })),
    maxAgeMs,
    now: () => now,
  });
  return { cache, reads, advance: (ms: number) => (now += ms) };
}

describe('RoomCardCache', () => {
  it('answers from a finished read until the age limit', async () => {
    const { cache, reads, advance } = harness();
    expect(cache.current(1)).toBeUndefined();
    const read = cache.read(1);
    reads[0]!.answer(cardOf(1, 100));
    expect(await read).toEqual(cardOf(1, 100));
    expect(cache.current(1)).toEqual(cardOf(1, 100));
    advance(999);
    expect(cache.current(1)).toEqual(cardOf(1, 100));
    advance(1);
    expect(cache.current(1)).toBeUndefined();
  });

  it('shares a read under way', async () => {
    const { cache, reads } = harness();
    const first = cache.read(1);
    const second = cache.read(1);
    expect(reads).toHaveLength(1);
    reads[0]!.answer(cardOf(1, 100));
    expect(await second).toBe(await first);
  });

  it('keeps nothing from a read a change overtook, and starts a new read after it', async () => {
    const { cache, reads } = harness();
    const before = cache.read(1);
    cache.forget([1]);
    const after = cache.read(1);
    expect(reads).toHaveLength(2);
    reads[1]!.answer(cardOf(1, 130));
    reads[0]!.answer(cardOf(1, 120));
    expect(await before).toEqual(cardOf(1, 120));
    expect(await after).toEqual(cardOf(1, 130));
    expect(cache.current(1)).toEqual(cardOf(1, 130));
  });

  it('a read overtaken by a change and finishing last is not kept', async () => {
    const { cache, reads } = harness();
    const before = cache.read(1);
    cache.forget('all');
    reads[0]!.answer(cardOf(1, 120));
    await before;
    expect(cache.current(1)).toBeUndefined();
  });

  it('forgets the changed auctions only, or all of them', async () => {
    const { cache, reads } = harness();
    const both = [cache.read(1), cache.read(2), cache.read(3)];
    for (const r of reads) r.answer(cardOf(r.id, 100));
    await Promise.all(both);
    cache.forget([2]);
    expect([1, 2, 3].map((id) => cache.current(id)?.card.id)).toEqual([1, undefined, 3]);
    cache.forget('all');
    expect([1, 3].map((id) => cache.current(id))).toEqual([undefined, undefined]);
  });

  it('keeps no auction without a card, nor a failed read', async () => {
    const { cache, reads } = harness();
    const missing = cache.read(1);
    reads[0]!.answer(undefined);
    expect(await missing).toBeUndefined();
    expect(cache.current(1)).toBeUndefined();
    const failing = new RoomCardCache({
      read: () => Promise.reject(new Error('database away')),
      maxAgeMs: 1_000,
      now: () => 0,
    });
    await expect(failing.read(1)).rejects.toThrow('database away');
    await expect(failing.read(1)).rejects.toThrow('database away');
    expect(failing.current(1)).toBeUndefined();
  });

  it('lets go of cards too old to answer from as new ones are kept', async () => {
    const { cache, reads, advance } = harness();
    const first = cache.read(1);
    reads[0]!.answer(cardOf(1, 100));
    await first;
    advance(1_500);
    const second = cache.read(2);
    reads[1]!.answer(cardOf(2, 100));
    await second;
    const kept = (cache as unknown as { kept: Map<number, unknown> }).kept;
    expect([...kept.keys()]).toEqual([2]);
  });
});
