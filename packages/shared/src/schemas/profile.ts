// Profile update and the field-check calls of accounts §7. Every field reuses the rule in
// rules/ through superRefine, so a 400 from the server carries the same message the form
// shows. Each field passes on as the rule's cleaned value (trimmed, 'A1A 1A1', ...).
import { z } from 'zod';
import { ONBOARDING_COMPLETE } from '../constants';
import { validateAge, validateAgeRange } from '../rules/age-range';
import { MAX_BID } from '../rules/auction';
import { validateBio } from '../rules/bio';
import { DISTANCE_MESSAGES, isMaxDistance } from '../rules/distance';
import { validateBirthDate } from '../rules/dob';
import { validateEmail } from '../rules/email';
import {
  FAVORITE_CATEGORIES,
  FAVORITE_MESSAGES,
  findReusedCategory,
  validateFavoriteThing,
} from '../rules/favorite-thing';
import { GENDER_MESSAGES, GENDERS, SEEKING_GENDERS } from '../rules/gender';
import { validatePostalCode } from '../rules/postal';
import type { RuleResult } from '../rules/result';
import { validateUsername } from '../rules/username';
import { safeText } from './common';
import { languageSchema, userSchema } from './user';

/** A field checked by `rule`: its message on failure, its cleaned value on success. */
function ruled<In, Out>(base: z.ZodType<In>, rule: (input: In) => RuleResult<Out>) {
  return base
    .superRefine((input, ctx) => {
      const result = rule(input);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
    })
    .transform((input) => {
      const result = rule(input);
      // Unreachable: the refinement above stops the pipe on failure.
      if (!result.ok) throw new Error(result.message);
      return result.value;
    });
}

/**
 * Every text field: no control characters (a NUL byte cannot be stored), and a ceiling far
 * above each rule's own limit so the rule's message is the one a member sees.
 */
const text = safeText({ max: 1000, trim: false });
const multilineText = safeText({ max: 1000, multiline: true, trim: false });
const answerText = safeText({ max: 1000 });

const favoriteCategory = z.enum(FAVORITE_CATEGORIES, { error: FAVORITE_MESSAGES.required });
const SLOTS = [1, 2, 3] as const;

/** Built with a clock so tests can stand on a birthday; `updateProfileBody` uses real time. */
export function buildUpdateProfileBody(now: () => Date = () => new Date()) {
  return z
    .object({
      username: ruled(text, validateUsername),
      short_bio: ruled(multilineText, validateBio),
      bio: ruled(multilineText, validateBio),
      gender: z.enum(GENDERS, { error: GENDER_MESSAGES.required }),
      seeking_gender: z.enum(SEEKING_GENDERS, { error: GENDER_MESSAGES.seekingRequired }),
      birth_date: ruled(text, (iso: string) => validateBirthDate(iso, now())),
      postal_code: ruled(text, (raw: string) => {
        const result = validatePostalCode(raw);
        return result.ok ? { ok: true as const, value: result.value.code } : result;
      }),
      ideal_match_age_min: ruled(z.number(), validateAge),
      ideal_match_age_max: ruled(z.number(), validateAge),
      max_distance: z
        .number()
        .refine(isMaxDistance, { message: DISTANCE_MESSAGES.invalidMaximum })
        .nullable(),
      distance_hidden: z.boolean(),
      verified_only: z.boolean(),
      favorite_thing_1: favoriteCategory,
      favorite_thing_1_answer: answerText,
      favorite_thing_2: favoriteCategory,
      favorite_thing_2_answer: answerText,
      favorite_thing_3: favoriteCategory,
      favorite_thing_3_answer: answerText,
      available_for_bids: z.boolean(),
      open_to_dating: z.boolean(),
      bid_notification: z.boolean(),
      reserve_price: z.number().int().min(0).max(MAX_BID),
      offer_second_chance: z.boolean(),
      sms_notification: z.boolean(),
      language: languageSchema,
      email: ruled(text, validateEmail).nullable(),
      onboarded: z.number().int().min(0).max(ONBOARDING_COMPLETE),
    })
    .partial()
    .superRefine((body, ctx) => {
      const { ideal_match_age_min: min, ideal_match_age_max: max } = body;
      if (min !== undefined && max !== undefined) {
        const range = validateAgeRange({ min, max });
        if (!range.ok)
          ctx.addIssue({ code: 'custom', message: range.message, path: ['ideal_match_age_max'] });
      }
      // A slot is sent whole: its category and its answer together.
      for (const n of SLOTS) {
        const category = body[`favorite_thing_${n}`];
        const answer = body[`favorite_thing_${n}_answer`];
        if (category === undefined && answer === undefined) continue;
        const slot = validateFavoriteThing({ category, answer });
        if (!slot.ok)
          ctx.addIssue({
            code: 'custom',
            message: slot.message,
            path: [`favorite_thing_${n}_answer`],
          });
      }
      const reused = findReusedCategory(SLOTS.map((n) => body[`favorite_thing_${n}`]));
      if (reused >= 0) {
        ctx.addIssue({
          code: 'custom',
          message: FAVORITE_MESSAGES.reused,
          path: [`favorite_thing_${reused + 1}`],
        });
      }
    });
}

export const updateProfileBody = buildUpdateProfileBody();
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

// Field checks answer 200 with isValid and the reason rather than a 400, so the bodies
// take any printable text and leave the judgement to the rule and the content check.
/** What a server content check decides; `reason` is null when the input passes. */
export const contentCheckResult = z.object({
  isValid: z.boolean(),
  reason: z.string().nullable(),
  cleanedInput: z.string(),
});
export type ContentCheckResult = z.infer<typeof contentCheckResult>;

export const usernameValidationBody = z.object({ username: text });
export const usernameValidationResponse = z.object({
  success: z.boolean(),
  isValid: z.boolean(),
  reason: z.string().nullable(),
});

export const favoriteThingValidationBody = z.object({
  favorite_thing: favoriteCategory,
  answer: text,
});
export const favoriteThingValidationResponse = usernameValidationResponse.extend({
  cleanedInput: z.string(),
});

export const bioValidationBody = z.object({ bio: multilineText });
/** @alias The bio check answers in the username check's shape. */
export const bioValidationResponse = usernameValidationResponse;

export const postalValidateBody = z.object({ postal_code: safeText({ max: 32 }) });
export const postalLookupSchema = z.object({
  zip: z.string(),
  country: z.enum(['US', 'CA']),
  state: z.string().length(2),
  city: z.string(),
});
export type PostalLookup = z.infer<typeof postalLookupSchema>;
export const postalValidateResponse = z.object({ success: z.boolean(), data: postalLookupSchema });

export const checkUsernameBody = z.object({ username: safeText({ min: 1, max: 64 }) });
export const checkUsernameResponse = z.object({ available: z.boolean(), exists: z.boolean() });

export type UsernameValidationResponse = z.infer<typeof usernameValidationResponse>;
export type FavoriteThingValidationResponse = z.infer<typeof favoriteThingValidationResponse>;
export type BioValidationResponse = z.infer<typeof bioValidationResponse>;
export type PostalValidateResponse = z.infer<typeof postalValidateResponse>;
export type CheckUsernameResponse = z.infer<typeof checkUsernameResponse>;

export const updateProfileResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  user: userSchema,
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponse>;
