// Prompts (issue 44, product rules 'Prompts'): a member answers up to three prompts from
// this list, each in text (the bio's checks, 150 characters at most) or by voice (a WebM/Opus
// recording of 30 s at most, checked on the server). No zod: the web's editor and the
// card's slides use these at run time; the French of every prompt is in i18n/fr-CA.json.
import { fail, pass, type RuleResult } from './result';

export const PROMPT_TEXTS = {
  winMeOver: 'The way to win me over is…',
  thursdayNight: 'A perfect Thursday night…',
  greenFlags: 'The green flag I look for…',
  dealbreaker: 'My most irrational dealbreaker…',
  firstDate: 'My ideal first date…',
  sundayMorning: 'My favourite way to spend a Sunday morning…',
  geekOut: 'I geek out on…',
  unpopularOpinion: 'My most unpopular opinion…',
  lastLaugh: 'The last thing that made me laugh out loud…',
  simplePleasures: 'My simple pleasures…',
  bucketList: 'Something on my bucket list…',
  together: 'We’ll get along if…',
  trueOrFalse: 'Two truths and a lie…',
  loveLanguage: 'My love language is…',
  comfortFood: 'My go-to comfort food…',
  hiddenTalent: 'My hidden talent…',
  travelStory: 'My best travel story…',
  perfectWeekend: 'A perfect weekend looks like…',
  lifeGoal: 'A life goal of mine…',
  proudOf: 'Something I’m proud of…',
  teachMe: 'Teach me something about…',
  karaokeSong: 'My karaoke song…',
  wontShutUp: 'I won’t shut up about…',
  dinnerGuest: 'My dream dinner guest…',
  childhoodDream: 'As a kid I wanted to be…',
  biggestRisk: 'The biggest risk I’ve taken…',
  recentDiscovery: 'Something I discovered recently…',
  typicalSunday: 'Typical Sunday…',
  keyToMyHeart: 'The key to my heart is…',
  lookingFor: 'I’m looking for…',
} as const;

export type PromptId = keyof typeof PROMPT_TEXTS;
export const PROMPT_IDS = Object.keys(PROMPT_TEXTS) as [PromptId, ...PromptId[]];

export const PROMPT_SLOTS = 3;
export const PROMPT_ANSWER_MIN = 2;
export const PROMPT_ANSWER_MAX = 150;
export const PROMPT_ANSWER_KINDS = ['text', 'voice'] as const;
export type PromptAnswerKind = (typeof PROMPT_ANSWER_KINDS)[number];

/** A voice answer runs 30 s at most; the recorder stops itself there. */
export const VOICE_ANSWER_MAX_SECONDS = 30;
/** Opus at the browsers' default bit rates makes well under 1 MB in 30 s. */
export const VOICE_ANSWER_MAX_BYTES = 2 * 1024 * 1024;
/** The upload route's body limit: a little above the cap, so a larger file gets our message. */
export const VOICE_ANSWER_BODY_LIMIT = VOICE_ANSWER_MAX_BYTES + 64 * 1024;
export const VOICE_ANSWER_MIME = 'audio/webm;codecs=opus';
/** Bars of a voice answer's waveform, each 0..100. */
export const VOICE_WAVEFORM_BARS = 48;

export const PROMPT_MESSAGES = {
  tooShort: 'Answer must be at least 2 characters',
  tooLong: 'Answer must be at most 150 characters',
  inappropriate: 'Answer contains inappropriate content',
  unknownPrompt: 'Choose a prompt from the list',
  promptTaken: 'You already answered this prompt',
  answerNotFound: 'Prompt answer not found',
  voiceNotOpus: 'Voice answers must be WebM recordings with Opus audio.',
  voiceTooLong: 'Voice answers can be at most 30 seconds long.',
  voiceTooLarge: 'This voice answer is too large. Please record a shorter one.',
  voiceEmpty: 'This recording has no sound we can play. Please record again.',
  voiceBusy: 'We could not check this recording right now. Please try again.',
  saved: 'Prompt answer saved',
  deleted: 'Prompt answer deleted',
} as const;

export function isPromptId(value: string): value is PromptId {
  return Object.hasOwn(PROMPT_TEXTS, value);
}

/** A text answer's format (the server's content check follows, as for the bio). */
export function validatePromptAnswer(raw: string): RuleResult<string> {
  const answer = raw.trim();
  if (answer.length < PROMPT_ANSWER_MIN) return fail(PROMPT_MESSAGES.tooShort);
  if (answer.length > PROMPT_ANSWER_MAX) return fail(PROMPT_MESSAGES.tooLong);
  return pass(answer);
}
