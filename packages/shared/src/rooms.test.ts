// Room names both ways: what joinRoom accepts, parsed to the auction id, and the server's
// reading of a broadcast's room.
import { describe, expect, it } from 'vitest';
import { auctionRoomPayload } from './events';
import { auctionOfRoom, auctionRoom, userRoom } from './rooms';
import { PG_INT_MAX } from './schemas/common';

describe('auction rooms', () => {
  it('joinRoom takes an id or its room name, parsed to the id', () => {
    expect(auctionRoomPayload.parse(42)).toBe(42);
    expect(auctionRoomPayload.parse('42')).toBe(42);
    expect(auctionRoomPayload.parse(auctionRoom(42))).toBe(42);
    expect(auctionRoomPayload.parse(`auction_${PG_INT_MAX}`)).toBe(PG_INT_MAX);
  });

  it('joinRoom refuses ids out of the column, other rooms and hostile text', () => {
    for (const bad of [
      0,
      -1,
      1.5,
      PG_INT_MAX + 1,
      `auction_${PG_INT_MAX + 1}`,
      'auction_0',
      'auction_',
      userRoom(42),
      'auction_4\u00002',
      ' auction_42',
      null,
    ]) {
      expect(auctionRoomPayload.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('reads the auction of an auction room and nothing else', () => {
    expect(auctionOfRoom(auctionRoom(7))).toBe(7);
    expect(auctionOfRoom(userRoom(7))).toBeNull();
    expect(auctionOfRoom('cards_7')).toBeNull();
    expect(auctionOfRoom('auction_7x')).toBeNull();
  });
});
