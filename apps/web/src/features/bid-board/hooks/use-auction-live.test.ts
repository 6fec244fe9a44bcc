import { describe, expect, it } from 'vitest';
import { applyRoomUpdate, type LiveAuction } from './use-auction-live';

const shown: LiveAuction = {
  currentBid: 120,
  leadBidderId: 7,
  leadBidderUsername: 'jordan',
  previousLeadBidderIds: [5],
  reserve: null,
  yourMaximum: null,
};

describe('a room bid update', () => {
  it('moves the card to a higher bid, the old leader joining the previous leaders', () => {
    const next = applyRoomUpdate(shown, {
      id: 1,
      bidAmount: 130,
      bidderId: 9,
      bidderUsername: 'maya',
    });
    expect(next).toMatchObject({ currentBid: 130, leadBidderId: 9, previousLeadBidderIds: [5, 7] });
  });

  it('older than the card shown (still on its way when the fresh card came) changes nothing', () => {
    const stale = { id: 1, bidAmount: 110, bidderId: 5, bidderUsername: 'sam' };
    expect(applyRoomUpdate(shown, stale)).toBe(shown);
  });
});
