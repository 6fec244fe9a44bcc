// Step 2 (gender) and step 6 (seeking gender): one choice each (accounts §5 'Gender options').
import {
  GENDER_OPTIONS,
  type Gender,
  SEEKING_GENDER_OPTIONS,
  type SeekingGender,
  validateGender,
  validateSeekingGender,
} from '@bidboard/shared';
import { useState } from 'react';
import { OptionCards } from '../option-cards';
import { required, StepForm, useStepState } from '../step-form';
import type { StepProps } from './step-props';

export function GenderStep({ user, save }: StepProps) {
  const state = useStepState();
  const [gender, setGender] = useState<Gender | null>(user.gender);
  return (
    <StepForm
      state={state}
      title="How do you identify?"
      save={save}
      collect={() => ({ gender: required(validateGender(gender)) })}
    >
      <OptionCards
        name="gender"
        legend="Gender"
        options={GENDER_OPTIONS}
        value={gender}
        invalid={!!state.error}
        describedBy={state.error ? state.errorId : undefined}
        onChange={(value) => {
          setGender(value);
          state.setError(null);
        }}
      />
    </StepForm>
  );
}

export function SeekingGenderStep({ user, save }: StepProps) {
  const state = useStepState();
  const [seeking, setSeeking] = useState<SeekingGender | null>(user.seeking_gender);
  return (
    <StepForm
      state={state}
      title="Who would you like to meet?"
      save={save}
      collect={() => ({ seeking_gender: required(validateSeekingGender(seeking)) })}
    >
      <OptionCards
        name="seeking_gender"
        legend="Seeking"
        options={SEEKING_GENDER_OPTIONS}
        value={seeking}
        invalid={!!state.error}
        describedBy={state.error ? state.errorId : undefined}
        onChange={(value) => {
          setSeeking(value);
          state.setError(null);
        }}
      />
    </StepForm>
  );
}
