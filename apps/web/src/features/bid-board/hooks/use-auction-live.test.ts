// A card's live state from its room's updates (use-auction-live.ts).
import { describe, expect, it } from 'vitest';
import { applyRoomUpdate, type LiveAuction } from './use-auction-live';

const live: LiveAuction = {
  currentBid: 150,
  leadBidderId: 2,
  leadBidderUsername: 'bob',
  previousLeadBidderIds: [1],
  reserve: 'not_met',
  yourMaximum: null,
};
const update = (bidAmount: number, bidderId: number) => ({
  id: 9,
  bidAmount,
  bidderId,
  bidderUsername: `member${bidderId}`,
  reserveMet: true,
});

describe('a room update', () => {
  it('shows the newer bid and its leader', () => {
    expect(applyRoomUpdate(live, update(170, 3))).toMatchObject({
      currentBid: 170,
      leadBidderId: 3,
      previousLeadBidderIds: [1, 2],
      reserve: 'met',
    });
  });

  it('leaves the card as it is for an older state sent late by another server', () => {
    expect(applyRoomUpdate(live, update(140, 1))).toBe(live);
  });
});
