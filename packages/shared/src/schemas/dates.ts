// Dates (issue 45): the API contract of date plans in chat, Share My Date, the check-in and
// the did-you-meet answers. Limits and words: rules/dates.ts.
import { z } from 'zod';
import {
  CHECK_IN_ANSWERS,
  CHECK_IN_STATES,
  DATE_ANSWERS,
  DATE_CONTEST_TEXT_MAX_LENGTH,
  DATE_MESSAGES,
  DATE_NOTE_MAX_LENGTH,
  DATE_PLACE_MAX_LENGTH,
  DATE_PLAN_STATES,
  MET_ANSWERS,
} from '../rules/dates';
import { idParam, safeText } from './common';

/** An IANA zone the runtime knows ('America/Toronto'). */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return /^[A-Za-z_+\-/0-9]+$/.test(zone);
      } catch {
        return false;
      }
    },
    { message: DATE_MESSAGES.invalidTimeZone },
  );

/** A day and a time on the members' clock, in `timeZone`, as the form gives them. */
export const proposeDateBody = z.object({
  day: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, DATE_MESSAGES.invalidDay),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, DATE_MESSAGES.invalidTime),
  timeZone: timeZoneSchema,
  place: safeText({
    min: 1,
    max: DATE_PLACE_MAX_LENGTH,
    minMessage: DATE_MESSAGES.placeRequired,
    maxMessage: DATE_MESSAGES.placeTooLong,
  }),
  note: safeText({
    max: DATE_NOTE_MAX_LENGTH,
    multiline: true,
    maxMessage: DATE_MESSAGES.noteTooLong,
  }).optional(),
});
export type ProposeDateBody = z.infer<typeof proposeDateBody>;

export const datePlanParams = z.object({ id: idParam });
export const answerDateBody = z.object({ answer: z.enum(DATE_ANSWERS) });

export const datePlanSchema = z.object({
  id: z.number().int(),
  cid: z.string(),
  proposerId: z.number().int(),
  /** The member it was proposed to: the one who answers. */
  responderId: z.number().int(),
  startsAt: z.string(),
  /** When the plan's day ends in its time zone: the shared link and answers follow it. */
  dayEndsAt: z.string(),
  timeZone: z.string(),
  place: z.string(),
  note: z.string().nullable(),
  state: z.enum(DATE_PLAN_STATES),
  /** The plan this one suggested another time for. */
  movedFromId: z.number().int().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  cancelledBy: z.number().int().nullable(),
  /** The viewer's own check-in, once asked. */
  checkIn: z.enum(CHECK_IN_STATES).nullable(),
  /** The viewer's live shared link, if any. */
  share: z
    .object({ phoneLast4: z.string(), expiresAt: z.string(), escalateOnSilence: z.boolean() })
    .nullable(),
  /** Whether the viewer may say if the date happened now, and what they said. */
  met: z.object({
    open: z.boolean(),
    answer: z.enum(MET_ANSWERS).nullable(),
    /** The other said the viewer did not come and the viewer has not said otherwise. */
    noShowAgainstYou: z.boolean(),
  }),
});
export type DatePlan = z.infer<typeof datePlanSchema>;

export const datePlansResponse = z.object({
  success: z.literal(true),
  plans: z.array(datePlanSchema),
});
export const datePlanResponse = z.object({ success: z.literal(true), plan: datePlanSchema });

/** Share My Date: the trusted contact's number, entered as at sign-in. */
export const shareDateBody = z.object({
  phone: safeText({ min: 1, max: 32 }),
  /** Text the contact too when the check-in goes unanswered. */
  escalateOnSilence: z.boolean().default(false),
});
export const shareTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/) });

/** Everything the shared page shows: nothing else of either member. */
export const sharedDateResponse = z.object({
  success: z.literal(true),
  date: z.object({
    partner: z.object({
      username: z.string().nullable(),
      photo: z.string().nullable(),
      age: z.number().int().nullable(),
    }),
    startsAt: z.string(),
    timeZone: z.string(),
    place: z.string(),
    checkIn: z.enum(['not_yet', ...CHECK_IN_STATES]),
    expiresAt: z.string(),
  }),
});
export type SharedDate = z.infer<typeof sharedDateResponse>['date'];

export const checkInBody = z.object({ answer: z.enum(CHECK_IN_ANSWERS) });
export const checkInResponse = datePlanResponse.extend({
  /** 'I need help' reached the trusted contact. */
  contactTexted: z.boolean(),
});
export const metBody = z.object({ answer: z.enum(MET_ANSWERS) });
/** Contesting the other's no-show: a report for the moderators, with the member's words. */
export const contestMetBody = z.object({
  text: safeText({ max: DATE_CONTEST_TEXT_MAX_LENGTH, multiline: true }).optional(),
});

/** A member's follow-through as bidders see it; null until a date counts. */
export const followThroughSchema = z
  .object({ showed: z.number().int(), dates: z.number().int() })
  .nullable();
export type FollowThrough = z.infer<typeof followThroughSchema>;

/** Live: a plan changed in a conversation (both members' rooms). */
export const datePlanEventPayload = z.object({ cid: z.string(), planId: z.number().int() });
export type DatePlanEvent = z.infer<typeof datePlanEventPayload>;
