import { describe, expect, it } from 'vitest';
import { currentStep, onboardedAfter, onboardingProgress, STEP } from './onboarding';

const dating = { openToDating: true, prelaunch: false };
const notDating = { openToDating: false, prelaunch: false };
const prelaunch = { openToDating: false, prelaunch: true };

describe('onboarding steps', () => {
  it.each([
    [STEP.birth_date, dating, 1],
    [STEP.open_to_dating, dating, 5],
    [STEP.open_to_dating, notDating, 7],
    [STEP.seeking_gender, dating, 7],
    [STEP.username, prelaunch, 5],
    [STEP.profile_photo, prelaunch, 12],
    [STEP.profile_photo, dating, 11],
    [STEP.sms_opt_in, dating, 14],
  ])('after step %i (%o) onboarded is %i', (step, mode, expected) => {
    expect(onboardedAfter(step, mode)).toBe(expected);
  });

  it('resumes past a skipped step', () => {
    expect(currentStep(5, notDating)).toBe(7);
    expect(currentStep(4, prelaunch)).toBe(5);
    expect(currentStep(11, prelaunch)).toBe(12);
    expect(currentStep(3, dating)).toBe(3);
  });

  it('reports progress over the steps this member sees', () => {
    expect(onboardingProgress(0, dating)).toBe(0);
    expect(onboardingProgress(14, notDating)).toBe(100);
    expect(onboardingProgress(7, notDating)).toBe(Math.round((5 / 12) * 100));
  });
});
