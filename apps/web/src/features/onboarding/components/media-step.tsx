// Steps 10 and 11 render the media feature's widgets; when one reports done, the step is
// saved like any other, and a refusal (no slot-1 photo yet) shows under the widget.
import { STEP } from '@bidboard/shared';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useOnboardingText } from '../i18n';
import type { SaveStep } from './step-form';
import { FaceVerificationStep, PhotoStep } from './steps/media-steps';

export function MediaStep({ step, save }: { step: number; save: SaveStep }) {
  const t = useOnboardingText();
  const [error, setError] = useState<string | null>(null);
  const handleDone = () => {
    setError(null);
    save({}).catch((failure) => setError(errorMessage(failure, t('wizard.failed'))));
  };
  return (
    <section
      className="ob-step"
      aria-label={step === STEP.profile_photo ? t('media.photo') : t('media.verification')}
    >
      {step === STEP.profile_photo ? (
        <PhotoStep onDone={handleDone} />
      ) : (
        <FaceVerificationStep onDone={handleDone} />
      )}
      {error ? (
        <p className="field-error ob-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
