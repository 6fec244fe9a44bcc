// Which question each step index asks (ONBOARDING_STEPS in @bidboard/shared).
import { STEP, type User } from '@bidboard/shared';
import type { SaveStep } from './step-form';
import { AgeRangeStep } from './steps/age-range-step';
import { BioStep } from './steps/bio-step';
import { BirthDateStep } from './steps/birth-date-step';
import { DatingStep } from './steps/dating-step';
import { FavoriteThingStep } from './steps/favorite-thing-step';
import { GenderStep, SeekingGenderStep } from './steps/gender-step';
import { PostalCodeStep } from './steps/postal-code-step';
import { SmsStep } from './steps/sms-step';
import { UsernameStep } from './steps/username-step';

export function StepContent({ step, user, save }: { step: number; user: User; save: SaveStep }) {
  const props = { user, save };
  switch (step) {
    case STEP.birth_date:
      return <BirthDateStep {...props} />;
    case STEP.postal_code:
      return <PostalCodeStep {...props} />;
    case STEP.gender:
      return <GenderStep {...props} />;
    case STEP.username:
      return <UsernameStep {...props} />;
    case STEP.open_to_dating:
      return <DatingStep {...props} />;
    case STEP.age_range:
      return <AgeRangeStep {...props} />;
    case STEP.seeking_gender:
      return <SeekingGenderStep {...props} />;
    case STEP.favorite_thing_1:
      return <FavoriteThingStep {...props} slot={1} />;
    case STEP.favorite_thing_2:
      return <FavoriteThingStep {...props} slot={2} />;
    case STEP.favorite_thing_3:
      return <FavoriteThingStep {...props} slot={3} />;
    case STEP.bio:
      return <BioStep {...props} />;
    case STEP.sms_opt_in:
      return <SmsStep {...props} />;
    default:
      return null;
  }
}
