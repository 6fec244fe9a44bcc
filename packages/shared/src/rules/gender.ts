// Gender and seeking-gender choices (accounts §3, §5 'Gender options').
import { fail, pass, type RuleResult } from './result';

export const GENDERS = ['female', 'male', 'non-binary'] as const;
export const SEEKING_GENDERS = [...GENDERS, 'everyone'] as const;

export type Gender = (typeof GENDERS)[number];
export type SeekingGender = (typeof SEEKING_GENDERS)[number];

export const GENDER_LABELS: Record<SeekingGender, string> = {
  female: 'Female',
  male: 'Male',
  'non-binary': 'Non-binary',
  everyone: 'Everyone',
};

export const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));
export const SEEKING_GENDER_OPTIONS = SEEKING_GENDERS.map((value) => ({
  value,
  label: GENDER_LABELS[value],
}));

// The spec gives no text for an empty choice; these name what is missing.
export const GENDER_MESSAGES = {
  required: 'Please select your gender',
  seekingRequired: 'Please select who you are looking for',
} as const;

export function validateGender(value: unknown): RuleResult<Gender> {
  return (GENDERS as readonly unknown[]).includes(value)
    ? pass(value as Gender)
    : fail(GENDER_MESSAGES.required);
}

export function validateSeekingGender(value: unknown): RuleResult<SeekingGender> {
  return (SEEKING_GENDERS as readonly unknown[]).includes(value)
    ? pass(value as SeekingGender)
    : fail(GENDER_MESSAGES.seekingRequired);
}
