import type { AlertKind } from '@bidboard/shared';
import { describe, expect, it } from 'vitest';
import { alertDate, alertDestination } from './alert-view';

const to = (kind: AlertKind, payload: Record<string, unknown>) =>
  alertDestination({ kind, payload });

describe('alert navigation (marketplace §4 Alerts)', () => {
  it('leads each kind where the spec says', () => {
    expect(to('outbid', { auctionCreatorUsername: 'maya' })).toBe('/maya');
    expect(to('bid_received', { auctionCreatorUsername: 'maya' })).toBe('/maya');
    expect(to('auction_won', { userId: 4 })).toBe('/connections/4');
    for (const kind of [
      'connection_accepted',
      'connection_rejected',
      'winning_bidder_connection_pending',
    ] as const) {
      expect(to(kind, { userId: 4 })).toBe('/connections/4');
      expect(to(kind, {})).toBe('/connections');
    }
    expect(to('connection_pending_reminder', { connectionId: 9, userId: 4 })).toBe(
      '/connections?connectionId=9',
    );
    expect(to('connection_pending_reminder', { userId: 4 })).toBe('/connections/4');
    expect(to('connection_expired', {})).toBe('/');
    expect(to('connection_mutual', { userId: 4, connection_id: 9 })).toBe(
      '/connections/4?connectionId=9',
    );
    expect(to('connection_reward', {})).toBe('close');
    // The runner-up's second chance is taken from their result card.
    expect(to('second_chance', { auctionId: 3 })).toBe('/auctions/results');
  });

  it("opens the alert's own connection first: 'won your auction… Accept to connect.' carries connectionId", () => {
    expect(to('winning_bidder_connection_pending', { userId: 4, connectionId: 9 })).toBe(
      '/connections/4?connectionId=9',
    );
    expect(to('auction_won', { userId: 4, connectionId: 9 })).toBe('/connections/4?connectionId=9');
    expect(to('connection_accepted', { userId: 4, connection_id: 9 })).toBe(
      '/connections/4?connectionId=9',
    );
  });

  it('has nowhere to go when the id it needs is missing', () => {
    expect(to('outbid', {})).toBeNull();
    expect(to('auction_won', {})).toBeNull();
    expect(to('connection_mutual', { userId: 4 })).toBeNull();
    expect(to('connection_pending_reminder', {})).toBeNull();
  });
});

describe('alert dates', () => {
  it('reads MM/DD/YYYY - h:mm am/pm in local time', () => {
    expect(alertDate(new Date(2025, 2, 7, 20, 5).toISOString())).toBe('03/07/2025 - 8:05 pm');
    expect(alertDate(new Date(2025, 11, 1, 0, 30).toISOString())).toBe('12/01/2025 - 12:30 am');
    expect(alertDate('nonsense')).toBe('');
    // In French: the date and the 24-hour time as Quebec writes them.
    expect(alertDate(new Date(2025, 2, 7, 20, 5).toISOString(), 'fr-CA').replace(/\s/g, ' ')).toBe(
      '2025-03-07 20 h 05',
    );
  });
});
