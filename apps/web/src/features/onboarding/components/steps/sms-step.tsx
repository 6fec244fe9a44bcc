// Step 13: SMS notification opt-in with the consent text of accounts §2 'Notifications'.
import * as Switch from '@radix-ui/react-switch';
import { useId, useState } from 'react';
import { StepForm, useStepState } from '../step-form';
import type { StepProps } from './step-props';

export const SMS_CONSENT_TEXT =
  'I agree to account-notification texts. Msg & data rates may apply.';

export function SmsStep({ user, save }: StepProps) {
  const state = useStepState();
  const [enabled, setEnabled] = useState(user.sms_notification);
  const labelId = useId();
  return (
    <StepForm
      state={state}
      title="Want a text when it matters?"
      help="Get texts when someone bids on you or a connection is waiting."
      continueLabel="Finish"
      save={save}
      collect={() => ({ sms_notification: enabled })}
    >
      <div className="ob-switch-row">
        <span className="ob-switch-row__text" id={labelId}>
          {SMS_CONSENT_TEXT}
        </span>
        <Switch.Root
          className="ob-switch"
          checked={enabled}
          onCheckedChange={setEnabled}
          aria-labelledby={labelId}
        >
          <Switch.Thumb className="ob-switch__thumb" />
        </Switch.Root>
      </div>
    </StepForm>
  );
}
