// What each onboarding step must have saved before the counter may move past it.
// The server decides the next step itself; the client's `onboarded` only asks to advance.
import { ONBOARDING_STEPS, type OnboardingStep } from '@bidboard/shared';
import type { UserRow } from '../users/user.presenter';

export interface StepEvidence {
  member: UserRow;
  /** Fields this very save sent, for answers that have a default (yes/no questions). */
  sent: Set<string>;
  hasProfilePhoto: boolean;
  hasVerificationVideo: boolean;
}

const REQUIREMENTS: Record<OnboardingStep, (e: StepEvidence) => boolean> = {
  birth_date: ({ member }) => Boolean(member.birth_date),
  postal_code: ({ member }) => Boolean(member.postal_code && member.country),
  gender: ({ member }) => Boolean(member.gender),
  username: ({ member }) => Boolean(member.username),
  open_to_dating: ({ sent }) => sent.has('open_to_dating'),
  age_range: ({ member }) => member.ideal_match_age_max - member.ideal_match_age_min >= 2,
  seeking_gender: ({ member }) => Boolean(member.seeking_gender),
  favorite_thing_1: ({ member }) =>
    Boolean(member.favorite_thing_1 && member.favorite_thing_1_answer),
  favorite_thing_2: ({ member }) =>
    Boolean(member.favorite_thing_2 && member.favorite_thing_2_answer),
  favorite_thing_3: ({ member }) =>
    Boolean(member.favorite_thing_3 && member.favorite_thing_3_answer),
  profile_photo: ({ hasProfilePhoto }) => hasProfilePhoto,
  // The upload records the video; saving the step only moves on once one is there.
  verification_video: ({ hasVerificationVideo }) => hasVerificationVideo,
  bio: ({ member }) => Boolean(member.short_bio),
  sms_opt_in: () => true,
};

export function stepIsComplete(step: number, evidence: StepEvidence): boolean {
  const key = ONBOARDING_STEPS[step];
  return key ? REQUIREMENTS[key](evidence) : false;
}
