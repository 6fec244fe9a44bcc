// The current member as the API returns it (accounts §3, User).
import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { FAVORITE_CATEGORIES } from '../rules/favorite-thing';
import { GENDERS, SEEKING_GENDERS } from '../rules/gender';

export const genderSchema = z.enum(GENDERS);
export const seekingGenderSchema = z.enum(SEEKING_GENDERS);
export const favoriteCategorySchema = z.enum(FAVORITE_CATEGORIES);
export const roleSchema = z.enum(['member', 'admin']);
export const languageSchema = z.enum(LANGUAGES);

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string(),
  onboarded: z.number().int(),
  gender: genderSchema.nullable(),
  ethnicity: z.string().nullable(),
  seeking_gender: seekingGenderSchema.nullable(),
  referred_by: z.number().int().nullable(),
  short_bio: z.string().nullable(),
  bio: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  ideal_match_age_min: z.number().int(),
  ideal_match_age_max: z.number().int(),
  /** 'Maximum distance' in the member's unit (km in Canada); null is 'Anywhere'. */
  max_distance: z.number().int().nullable(),
  distance_hidden: z.boolean(),
  verified_only: z.boolean(),
  favorite_thing_1: favoriteCategorySchema.nullable(),
  favorite_thing_1_answer: z.string().nullable(),
  favorite_thing_2: favoriteCategorySchema.nullable(),
  favorite_thing_2_answer: z.string().nullable(),
  favorite_thing_3: favoriteCategorySchema.nullable(),
  favorite_thing_3_answer: z.string().nullable(),
  birth_date: z.string().nullable(),
  tokenBalance: z.number().int(),
  redeemableTokens: z.number().int(),
  available_for_bids: z.boolean(),
  open_to_dating: z.boolean(),
  bid_notification: z.boolean(),
  /** The member's hidden reserve; only they ever see it. */
  reserve_price: z.number().int(),
  /** 'Offer my connection to the runner-up' (second chances on the member's auctions). */
  offer_second_chance: z.boolean(),
  sms_notification: z.boolean(),
  twilio_stop: z.boolean(),
  /** Screens, alerts, pushes and texts (product rules, Languages). */
  language: languageSchema,
  profile_image: z.string().nullable(),
  profile_picture_1: z.string().nullable(),
  profile_picture_2: z.string().nullable(),
  profile_picture_3: z.string().nullable(),
  is_approved: z.boolean(),
  invites_left: z.number().int(),
  role: roleSchema,
});
export type User = z.infer<typeof userSchema>;
