// Turns a users row into the member shape the API returns (accounts §3, User).
import type { User } from '@bidboard/shared';
import type { UserRow } from '../../db/schema';

export type { UserRow };

export interface ProfilePictures {
  profile_picture_1: string | null;
  profile_picture_2: string | null;
  profile_picture_3: string | null;
}

const noPictures: ProfilePictures = {
  profile_picture_1: null,
  profile_picture_2: null,
  profile_picture_3: null,
};

export function presentUser(row: UserRow, pictures: ProfilePictures = noPictures): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phone_number: row.phone_number,
    onboarded: row.onboarded,
    gender: row.gender,
    ethnicity: row.ethnicity,
    seeking_gender: row.seeking_gender,
    referred_by: row.referred_by,
    short_bio: row.short_bio,
    bio: row.short_bio,
    postal_code: row.postal_code,
    country: row.country,
    state: row.state,
    city: row.city,
    ideal_match_age_min: row.ideal_match_age_min,
    ideal_match_age_max: row.ideal_match_age_max,
    max_distance: row.max_distance,
    distance_hidden: row.distance_hidden,
    verified_only: row.verified_only,
    favorite_thing_1: row.favorite_thing_1 as User['favorite_thing_1'],
    favorite_thing_1_answer: row.favorite_thing_1_answer,
    favorite_thing_2: row.favorite_thing_2 as User['favorite_thing_2'],
    favorite_thing_2_answer: row.favorite_thing_2_answer,
    favorite_thing_3: row.favorite_thing_3 as User['favorite_thing_3'],
    favorite_thing_3_answer: row.favorite_thing_3_answer,
    birth_date: row.birth_date,
    tokenBalance: row.token_balance,
    redeemableTokens: row.redeemable_tokens,
    available_for_bids: row.available_for_bids,
    open_to_dating: row.open_to_dating,
    bid_notification: row.bid_notification,
    reserve_price: row.reserve_price,
    offer_second_chance: row.offer_second_chance,
    sms_notification: row.sms_notification,
    twilio_stop: row.twilio_stop,
    language: row.language,
    profile_image: pictures.profile_picture_1,
    ...pictures,
    is_approved: row.is_approved,
    invites_left: row.invites_left,
    role: row.role,
  };
}
