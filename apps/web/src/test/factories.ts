// Test data builders: exactly the member a test needs, with readable overrides.
import type { AuctionCard, Connection, Conversation, Message, User } from '@bidboard/shared';
import { currentLanguage } from '@/lib/i18n/i18n';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'alice',
    email: null,
    phone_number: '+15555550123',
    onboarded: 14,
    gender: 'female',
    ethnicity: null,
    seeking_gender: 'everyone',
    referred_by: null,
    short_bio: null,
    bio: null,
    postal_code: '07030',
    country: 'US',
    state: 'NJ',
    city: 'Hoboken',
    ideal_match_age_min: 25,
    ideal_match_age_max: 30,
    max_distance: null,
    distance_hidden: false,
    verified_only: false,
    favorite_thing_1: null,
    favorite_thing_1_answer: null,
    favorite_thing_2: null,
    favorite_thing_2_answer: null,
    favorite_thing_3: null,
    favorite_thing_3_answer: null,
    birth_date: '1995-04-12',
    tokenBalance: 250,
    redeemableTokens: 0,
    available_for_bids: true,
    open_to_dating: true,
    bid_notification: false,
    reserve_price: 0,
    offer_second_chance: true,
    sms_notification: false,
    twilio_stop: false,
    // The member's stored language is the one on screen, as once they are signed in.
    language: currentLanguage(),
    profile_image: null,
    profile_picture_1: null,
    profile_picture_2: null,
    profile_picture_3: null,
    is_approved: true,
    invites_left: 3,
    role: 'member',
    ...overrides,
  };
}

export function buildConnection(overrides: Partial<Connection> = {}): Connection {
  return {
    id: 5,
    user_id: 7,
    partner_id: 20,
    status: 'pending',
    status_changed_at: '2026-01-08T01:00:00.000Z',
    created_at: '2026-01-08T01:00:00.000Z',
    updated_at: '2026-01-08T01:00:00.000Z',
    grace_period: null,
    rejected_by_user_id: null,
    expires_at: null,
    engaged: false,
    reward_redeemable: 0,
    reward_pending: 0,
    reward_settles_at: null,
    escrow_state: 'held',
    is_user: true,
    is_partner: false,
    ...overrides,
    partner: {
      id: 20,
      username: 'theo',
      age: 31,
      zodiac_sign: 'Leo',
      bio: null,
      open_to_dating: true,
      favorite_thing_1_answer: 'Tacos',
      favorite_thing_2_answer: null,
      favorite_thing_3_answer: null,
      profile_picture_1: null,
      profile_picture_2: null,
      profile_picture_3: null,
      deleted: false,
      verified: false,
      ...overrides.partner,
    },
    auction: {
      id: 3,
      final_bid: 120,
      created_at: '2026-01-01T12:00:00.000Z',
      ...overrides.auction,
    },
  };
}

/** A card of the open period on the Bid Board. */
export function buildAuction(id: number, username: string, overrides: Partial<AuctionCard> = {}) {
  return {
    auctionId: id,
    id,
    user_id: 100 + id,
    period_id: 1,
    username,
    age: 29,
    gender: 'female',
    current_bid: 50,
    final_bid: 50,
    starting_bid: 0,
    lead_bidder_id: null,
    lead_bidder_username: null,
    previous_lead_bidder_id: [],
    end_time: '2026-11-26T01:00:00.000Z',
    status: 'active',
    ended: false,
    open_to_dating: true,
    profile_picture_1: null,
    profile_picture_2: null,
    profile_picture_3: null,
    reserve: null,
    your_maximum: null,
    photos: [],
    ...overrides,
  } satisfies AuctionCard;
}

/** A conversation of member 7 with theo (20), messaging open, nothing unread. */
export function buildConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    cid: '7_20',
    participants: [7, 20],
    partnerId: 20,
    partner: {
      id: 20,
      username: 'theo',
      profile_picture_1: null,
      deleted: false,
      verified: false,
    },
    lastMessage: null,
    updatedAt: Date.parse('2026-01-08T12:00:00Z'),
    unread: {},
    lastRead: {},
    isOpen: true,
    online: false,
    ...overrides,
  };
}

/** A text message in conversation 7_20, from theo unless said otherwise. */
export function buildMessage(id: number, overrides: Partial<Message> = {}): Message {
  return {
    id,
    cid: '7_20',
    seq: id,
    senderId: 20,
    text: `message ${id}`,
    blobUrl: null,
    type: 'text',
    ts: Date.parse('2026-01-08T12:00:00Z') + id * 60_000,
    scamFlags: [],
    imageState: null,
    ...overrides,
  };
}
