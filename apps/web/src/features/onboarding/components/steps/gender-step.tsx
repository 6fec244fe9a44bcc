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
import { useSharedText } from '@/lib/i18n';
import { useOnboardingText } from '../../i18n';
import { OptionCards } from '../option-cards';
import { required, StepForm, useStepState } from '../step-form';
import type { StepProps } from './step-props';

export function GenderStep({ user, save }: StepProps) {
  const t = useOnboardingText();
  const { sharedText } = useSharedText();
  const state = useStepState();
  const [gender, setGender] = useState<Gender | null>(user.gender);
  return (
    <StepForm
      state={state}
      title={t('gender.title')}
      save={save}
      collect={() => ({ gender: required(validateGender(gender)) })}
    >
      <OptionCards
        name="gender"
        legend={t('gender.legend')}
        options={GENDER_OPTIONS.map((o) => ({ ...o, label: sharedText(o.label) }))}
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
  const t = useOnboardingText();
  const { sharedText } = useSharedText();
  const state = useStepState();
  const [seeking, setSeeking] = useState<SeekingGender | null>(user.seeking_gender);
  return (
    <StepForm
      state={state}
      title={t('seeking.title')}
      save={save}
      collect={() => ({ seeking_gender: required(validateSeekingGender(seeking)) })}
    >
      <OptionCards
        name="seeking_gender"
        legend={t('seeking.legend')}
        options={SEEKING_GENDER_OPTIONS.map((o) => ({ ...o, label: sharedText(o.label) }))}
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
