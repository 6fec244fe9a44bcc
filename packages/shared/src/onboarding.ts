// The onboarding wizard's steps (product-rules.md "Onboarding", Reading A): `onboarded`
// counts completed steps and 14 means complete. Both the wizard and the server use
// these to decide which step comes next.
import { ONBOARDING_COMPLETE } from './constants';

export const ONBOARDING_STEPS = [
  'birth_date',
  'postal_code',
  'gender',
  'username',
  'open_to_dating',
  'age_range',
  'seeking_gender',
  'favorite_thing_1',
  'favorite_thing_2',
  'favorite_thing_3',
  'profile_photo',
  'verification_video',
  'bio',
  'sms_opt_in',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const STEP = Object.fromEntries(
  ONBOARDING_STEPS.map((key, index) => [key, index]),
) as Record<OnboardingStep, number>;

export interface WizardMode {
  openToDating: boolean;
  prelaunch: boolean;
}

/** Steps a member in this mode never sees. */
export function skippedSteps(mode: WizardMode): Set<number> {
  const skipped = new Set<number>();
  // Prelaunch has no dating question and no verification video.
  if (mode.prelaunch) {
    skipped.add(STEP.open_to_dating);
    skipped.add(STEP.verification_video);
  } else if (!mode.openToDating) {
    skipped.add(STEP.age_range);
    skipped.add(STEP.seeking_gender);
  }
  return skipped;
}

/** The `onboarded` value after completing `step`: the next step this member sees, or 14. */
export function onboardedAfter(step: number, mode: WizardMode): number {
  const skipped = skippedSteps(mode);
  let next = step + 1;
  while (next < ONBOARDING_COMPLETE && skipped.has(next)) next += 1;
  return Math.min(next, ONBOARDING_COMPLETE);
}

/** The first step a member should see, normalising a stored counter that points at a skipped step. */
export function currentStep(onboarded: number, mode: WizardMode): number {
  const skipped = skippedSteps(mode);
  let step = onboarded;
  while (step < ONBOARDING_COMPLETE && skipped.has(step)) step += 1;
  return step;
}

/** Progress shown in the wizard's bar, 0-100. */
export function onboardingProgress(onboarded: number, mode: WizardMode): number {
  const skipped = skippedSteps(mode);
  const total = ONBOARDING_COMPLETE - skipped.size;
  let done = 0;
  for (let i = 0; i < Math.min(onboarded, ONBOARDING_COMPLETE); i++) if (!skipped.has(i)) done += 1;
  return Math.round((done / total) * 100);
}

export function isPrelaunch(launchAt: string | Date, now: Date): boolean {
  return now.getTime() < new Date(launchAt).getTime();
}
