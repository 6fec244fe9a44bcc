// Step 13: SMS notification opt-in with the consent text of accounts §2 'Notifications'.
import * as Switch from '@radix-ui/react-switch';
import { useId, useState } from 'react';
import { useOnboardingText } from '../../i18n';
import { StepForm, useStepState } from '../step-form';
import type { StepProps } from './step-props';

export function SmsStep({ user, save }: StepProps) {
  const t = useOnboardingText();
  const state = useStepState();
  const [enabled, setEnabled] = useState(user.sms_notification);
  const labelId = useId();
  return (
    <StepForm
      state={state}
      title={t('sms.title')}
      help={t('sms.help')}
      continueLabel={t('sms.finish')}
      save={save}
      collect={() => ({ sms_notification: enabled })}
    >
      <div className="ob-switch-row">
        <span className="ob-switch-row__text" id={labelId}>
          {t('sms.consent')}
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
