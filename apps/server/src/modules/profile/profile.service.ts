// Profile edits and onboarding progress. Every field is checked again here with the
// shared rules and the content checks; the client is never trusted.
import {
  ageOn,
  CONTENT_MESSAGES,
  currentStep,
  FAVORITE_MESSAGES,
  findReusedCategory,
  idealRangeForAge,
  isPrelaunch,
  MESSAGES,
  ONBOARDING_COMPLETE,
  onboardedAfter,
  type UpdateProfileBody,
  USERNAME_MESSAGES,
  validateAgeRange,
} from '@bidboard/shared';
import { isQuebecPostalCode } from '@bidboard/shared/i18n/languages';
import type { UserChanges } from '../../db/schema';
import { checkBio, checkFavoriteAnswer, checkUsername } from '../../lib/content-check';
import type { ServiceContext } from '../../lib/context';
import { badRequest, constraintOf, notAuthenticated, pgErrorCode } from '../../lib/errors';
import { openAuctionForMember } from '../auctions/member-auction';
import { lockPeriodTurnover } from '../auctions/periods.repository';
import { locationColumns } from './member-location';
import { stepIsComplete } from './onboarding-requirements';
import { lookupPostalCode } from './postal-lookup';
import {
  hasSlotOnePhoto,
  hasVerificationVideo,
  lockMember,
  saveMember,
  usernameTaken,
} from './profile.repository';

type Member = NonNullable<Awaited<ReturnType<typeof lockMember>>>;

const SLOTS = [1, 2, 3] as const;

function checked(
  result: { isValid: boolean; reason: string | null; cleanedInput: string },
  fallback: string,
) {
  if (!result.isValid) throw badRequest('VALIDATION', result.reason ?? fallback);
  return result.cleanedInput;
}

/** Turns the validated body into column changes, checking content and cross-field rules. */
function fieldChanges(body: UpdateProfileBody, member: Member, now: Date): UserChanges {
  const changes: UserChanges = {};
  if (body.username !== undefined)
    changes.username = checked(checkUsername(body.username), CONTENT_MESSAGES.username);
  const bio = body.short_bio ?? body.bio;
  if (bio !== undefined) changes.short_bio = checked(checkBio(bio), CONTENT_MESSAGES.bio);
  for (const key of [
    'gender',
    'seeking_gender',
    'available_for_bids',
    'open_to_dating',
    'bid_notification',
    'reserve_price',
    'offer_second_chance',
    'max_distance',
    'distance_hidden',
    'verified_only',
  ] as const) {
    if (body[key] !== undefined) (changes as Record<string, unknown>)[key] = body[key];
  }
  if (body.email !== undefined) changes.email = body.email;
  if (body.birth_date !== undefined) {
    changes.birth_date = body.birth_date;
    // Until the member has chosen an age range, it follows their age.
    if (member.onboarded <= 5) {
      const range = idealRangeForAge(ageOn(body.birth_date, now));
      changes.ideal_match_age_min = range.min;
      changes.ideal_match_age_max = range.max;
    }
  }
  if (body.postal_code !== undefined) {
    const place = lookupPostalCode(body.postal_code);
    if (!place.ok) throw badRequest('VALIDATION', place.message);
    Object.assign(changes, {
      postal_code: place.value.zip,
      country: place.value.country,
      state: place.value.state,
      city: place.value.city,
      ...locationColumns(place.value.zip, place.value.country),
    });
    // Product rules, Languages: members in Quebec start in French, unless they picked.
    if (
      !member.language_chosen &&
      place.value.country === 'CA' &&
      isQuebecPostalCode(place.value.zip)
    ) {
      changes.language = 'fr-CA';
    }
  }
  if (body.language !== undefined) {
    changes.language = body.language;
    changes.language_chosen = true;
  }
  if (body.ideal_match_age_min !== undefined || body.ideal_match_age_max !== undefined) {
    const range = {
      min: body.ideal_match_age_min ?? member.ideal_match_age_min,
      max: body.ideal_match_age_max ?? member.ideal_match_age_max,
    };
    const result = validateAgeRange(range);
    if (!result.ok) throw badRequest('VALIDATION', result.message);
    changes.ideal_match_age_min = range.min;
    changes.ideal_match_age_max = range.max;
  }
  for (const n of SLOTS) {
    const category = body[`favorite_thing_${n}`];
    const answer = body[`favorite_thing_${n}_answer`];
    if (category === undefined || answer === undefined) continue;
    changes[`favorite_thing_${n}`] = category;
    changes[`favorite_thing_${n}_answer`] = checked(
      checkFavoriteAnswer(category, answer),
      CONTENT_MESSAGES.favoriteAnswer,
    );
  }
  const categories = SLOTS.map(
    (n) => changes[`favorite_thing_${n}`] ?? member[`favorite_thing_${n}`],
  );
  if (findReusedCategory(categories) >= 0) throw badRequest('VALIDATION', FAVORITE_MESSAGES.reused);
  if (body.sms_notification !== undefined) {
    changes.sms_notification = body.sms_notification;
    changes.sms_consent_at = body.sms_notification ? now : null;
  }
  return changes;
}

export async function updateProfile(
  ctx: ServiceContext,
  memberId: number,
  body: UpdateProfileBody,
) {
  const now = ctx.clock();
  try {
    return await ctx.db.transaction(async (tx) => {
      // A new postal code moves the member's auctions too (auction-location.sql).
      if (body.postal_code !== undefined) await lockPeriodTurnover(tx);
      const member = await lockMember(tx, memberId);
      if (!member) throw notAuthenticated();
      const changes = fieldChanges(body, member, now);
      if (changes.username && (await usernameTaken(tx, changes.username, member.id))) {
        throw badRequest('CONFLICT', USERNAME_MESSAGES.taken);
      }
      let saved =
        Object.keys(changes).length > 0 ? await saveMember(tx, member.id, changes) : member;
      const wantsToAdvance = body.onboarded !== undefined && body.onboarded > member.onboarded;
      if (wantsToAdvance && member.onboarded < ONBOARDING_COMPLETE) {
        const mode = {
          openToDating: saved.open_to_dating,
          prelaunch: isPrelaunch(ctx.config.LAUNCH_AT, now),
        };
        const step = currentStep(member.onboarded, mode);
        const evidence = {
          member: saved,
          sent: new Set(Object.keys(body)),
          hasProfilePhoto: await hasSlotOnePhoto(tx, member.id),
          hasVerificationVideo: await hasVerificationVideo(tx, member.id),
        };
        if (!stepIsComplete(step, evidence))
          throw badRequest('VALIDATION', MESSAGES.stepIncomplete);
        const onboarded = onboardedAfter(step, mode);
        const finishing = onboarded === ONBOARDING_COMPLETE;
        saved = await saveMember(tx, member.id, {
          onboarded,
          ...(finishing && ctx.config.AUTO_APPROVE ? { is_approved: true } : {}),
        });
      }
      const switchedBidsOn = changes.available_for_bids === true && !member.available_for_bids;
      const finished =
        member.onboarded < ONBOARDING_COMPLETE && saved.onboarded === ONBOARDING_COMPLETE;
      if (switchedBidsOn || finished) await openAuctionForMember(tx, member.id);
      return saved;
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505' && constraintOf(error) === 'users_username_lower_key') {
      throw badRequest('CONFLICT', USERNAME_MESSAGES.taken);
    }
    throw error;
  }
}

/** The username availability check reads the table as it is. */
export { usernameTaken };
