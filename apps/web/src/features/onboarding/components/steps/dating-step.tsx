// Step 4: here for dating? 'No' makes the server skip the age range and seeking steps.
import { STEP } from '@bidboard/shared';
import { useState } from 'react';
import { useOnboardingText } from '../../i18n';
import { OptionCards } from '../option-cards';
import { StepError, StepForm, useStepState } from '../step-form';
import type { StepProps } from './step-props';

export function DatingStep({ user, save }: StepProps) {
  const t = useOnboardingText();
  const state = useStepState();
  const options = [
    { value: 'yes', label: t('dating.yes'), hint: t('dating.yesHint') },
    { value: 'no', label: t('dating.no'), hint: t('dating.noHint') },
  ] as const;
  // Only a member who has answered before sees an answer chosen.
  const answered = user.onboarded > STEP.open_to_dating;
  const [answer, setAnswer] = useState<'yes' | 'no' | null>(
    answered ? (user.open_to_dating ? 'yes' : 'no') : null,
  );
  return (
    <StepForm
      state={state}
      title={t('dating.title')}
      help={t('dating.help')}
      save={save}
      collect={() => {
        if (!answer) throw new StepError(t('dating.required'));
        return { open_to_dating: answer === 'yes' };
      }}
    >
      <OptionCards
        name="open_to_dating"
        legend={t('dating.legend')}
        options={options}
        value={answer}
        invalid={!!state.error}
        describedBy={state.error ? state.errorId : undefined}
        onChange={(value) => {
          setAnswer(value);
          state.setError(null);
        }}
      />
    </StepForm>
  );
}
