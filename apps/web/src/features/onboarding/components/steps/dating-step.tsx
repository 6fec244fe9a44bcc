// Step 4: here for dating? 'No' makes the server skip the age range and seeking steps.
import { STEP } from '@bidboard/shared';
import { useState } from 'react';
import { OptionCards } from '../option-cards';
import { StepError, StepForm, useStepState } from '../step-form';
import type { StepProps } from './step-props';

export const DATING_MESSAGES = { required: 'Please choose Yes or No.' } as const;

const OPTIONS = [
  { value: 'yes', label: 'Yes', hint: 'Set who you would like to meet next.' },
  { value: 'no', label: 'No', hint: 'Just here to bid and be bid on.' },
] as const;

export function DatingStep({ user, save }: StepProps) {
  const state = useStepState();
  // Only a member who has answered before sees an answer chosen.
  const answered = user.onboarded > STEP.open_to_dating;
  const [answer, setAnswer] = useState<'yes' | 'no' | null>(
    answered ? (user.open_to_dating ? 'yes' : 'no') : null,
  );
  return (
    <StepForm
      state={state}
      title="Are you here for dating?"
      help="You can change this any time in Profile Settings."
      save={save}
      collect={() => {
        if (!answer) throw new StepError(DATING_MESSAGES.required);
        return { open_to_dating: answer === 'yes' };
      }}
    >
      <OptionCards
        name="open_to_dating"
        legend="Here for dating?"
        options={OPTIONS}
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
