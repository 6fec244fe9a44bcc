// Dates (product rules, Dates; issue 45): a date plan proposed in chat and answered by the
// other member, Share My Date with a trusted contact, the check-in after the plan and the
// did-you-meet question the day after, whose uncontested no-shows make the follow-through
// rate bidders see. Limits and the exact words; no zod (the chat screens use them at run time).
import { PRODUCT_NAME } from '../constants';

export const DATE_PLACE_MAX_LENGTH = 120;
export const DATE_NOTE_MAX_LENGTH = 300;
/** How far ahead a date may be planned. */
export const DATE_PLAN_MAX_DAYS_AHEAD = 90;
/** Plans a conversation lists, newest first. */
export const DATE_PLANS_LISTED = 20;
/** After the plan's day ends, how long the two may still say whether it happened. */
export const DATE_MET_ANSWER_DAYS = 3;
/** A contest's own words to the moderators, at most this long. */
export const DATE_CONTEST_TEXT_MAX_LENGTH = 500;
/** Defaults of the business settings: the check-in comes this long after the plan's time… */
export const DEFAULT_DATE_CHECK_IN_DELAY_MINUTES = 120;
/** …and, for a member who asked for it, an unanswered one texts the contact this long after. */
export const DEFAULT_DATE_CHECK_IN_ESCALATION_MINUTES = 30;

export const DATE_PLAN_STATES = ['proposed', 'accepted', 'declined', 'moved', 'cancelled'] as const;
export type DatePlanState = (typeof DATE_PLAN_STATES)[number];
/** A plan still standing: at most one per conversation. */
export const OPEN_DATE_PLAN_STATES = ['proposed', 'accepted'] as const;

export const DATE_ANSWERS = ['accept', 'decline'] as const;
export type DateAnswer = (typeof DATE_ANSWERS)[number];

export const CHECK_IN_STATES = ['asked', 'safe', 'help', 'escalated'] as const;
export type CheckInState = (typeof CHECK_IN_STATES)[number];
export const CHECK_IN_ANSWERS = ['safe', 'help'] as const;
export type CheckInAnswer = (typeof CHECK_IN_ANSWERS)[number];

/** 'no_show': the other member did not come. */
export const MET_ANSWERS = ['met', 'no_show'] as const;
export type MetAnswer = (typeof MET_ANSWERS)[number];

export const DATE_MESSAGES = {
  notFound: 'Date plan not found',
  notInChat: 'You can plan a date once your chat is open.',
  alreadyPlanned: 'You already have a date plan in this chat. Cancel it to plan another.',
  alreadyAnswered: 'This date plan was already answered.',
  notYours: 'Only the member it was proposed to can answer this date plan.',
  notOpen: 'This date plan is no longer open.',
  cancelPast: 'This date’s time has passed: it can no longer be cancelled.',
  notAccepted: 'This is for an accepted date plan.',
  inThePast: 'Pick a time that is still to come.',
  tooFarAhead: `Pick a day within ${DATE_PLAN_MAX_DAYS_AHEAD} days.`,
  invalidDay: 'Pick a day.',
  invalidTime: 'Pick a time.',
  invalidTimeZone: 'Unknown time zone',
  placeRequired: 'Say where you will meet.',
  placeTooLong: `The place can be at most ${DATE_PLACE_MAX_LENGTH} characters.`,
  noteTooLong: `The note can be at most ${DATE_NOTE_MAX_LENGTH} characters.`,
  contactOptedOut: `This number replied STOP to ${PRODUCT_NAME}. It gets no texts from us.`,
  contactIsYou: 'Enter the number of someone you trust, not your own.',
  shareNotFound: 'This shared date is not available.',
  checkInNotAsked: 'There is no check-in to answer for this date yet.',
  checkInAnswered: 'You already answered this check-in.',
  metNotYet: 'You can say whether you met once the day of the date is over.',
  metClosed: 'It is too late to answer for this date.',
  metAnswered: 'You already answered for this date.',
  nothingToContest: 'There is no no-show against you to contest for this date.',
  smsFailed: 'The text could not be sent. Please try again.',
} as const;

/** The alerts (a new kind each), written in the member's language by the server. */
export const DATE_ALERT_MESSAGES = {
  proposed: (from: string | null) =>
    `${from ?? 'A member'} proposed a date. Open the chat to answer.`,
  accepted: (by: string | null) => `${by ?? 'A member'} accepted your date plan.`,
  declined: (by: string | null) => `${by ?? 'A member'} declined your date plan.`,
  moved: (by: string | null) => `${by ?? 'A member'} suggested another time for your date.`,
  cancelled: (by: string | null) => `${by ?? 'A member'} cancelled your date plan.`,
  checkIn: 'Are you OK? Tell us how your date is going: I’m safe or I need help.',
  didYouMeet: (partner: string | null) =>
    `Did your date with ${partner ?? 'a member'} happen? Tell us in the chat.`,
} as const;

/** Texts to the trusted contact (who is not a member: always English and plain). */
export const DATE_SMS = {
  shared: (member: string, link: string) =>
    `${member} shared their date plans with you on ${PRODUCT_NAME}: ${link} . Reply STOP to get no more texts.`,
  help: (member: string, partner: string, when: string, place: string) =>
    `${PRODUCT_NAME}: ${member} pressed "I need help" on their date with ${partner}, ${when} at ${place}. ${PRODUCT_NAME} does not call emergency services: call 911 if you think ${member} is in danger.`,
  silent: (member: string, partner: string, when: string, place: string) =>
    `${PRODUCT_NAME}: ${member} has not answered their date check-in. They are with ${partner}, ${when} at ${place}. ${PRODUCT_NAME} does not call emergency services: call 911 if you think ${member} is in danger.`,
} as const;
