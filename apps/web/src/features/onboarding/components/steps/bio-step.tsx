// Step 12: short bio, 20 to 130 characters, then the server content check with its
// exponential-backoff retries (accounts §5 'Bio').
import { BIO_MAX, CONTENT_MESSAGES, contentRetryDelayMs, validateBio } from '@bidboard/shared';
import { useState } from 'react';
import { bioContentCheck } from '../../api/content-checks';
import { useOnboardingText } from '../../i18n';
import { runContentCheck } from '../../lib/content-check';
import { required, StepForm, useStepState } from '../step-form';
import type { StepProps } from './step-props';

export function BioStep({ user, save }: StepProps) {
  const t = useOnboardingText();
  const state = useStepState();
  const [bio, setBio] = useState(user.short_bio ?? user.bio ?? '');
  const collect = async () => {
    const text = required(validateBio(bio));
    required(
      await runContentCheck({
        text,
        request: () => bioContentCheck(text),
        rejectMessage: CONTENT_MESSAGES.bio,
        retryDelayMs: contentRetryDelayMs,
      }),
    );
    return { short_bio: text };
  };
  return (
    <StepForm
      state={state}
      title={t('bio.title')}
      help={t('bio.help')}
      save={save}
      collect={collect}
    >
      <label className="ob-select">
        <span className="visually-hidden">{t('bio.label')}</span>
        <textarea
          className="ob-input ob-textarea"
          aria-label={t('bio.label')}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? state.errorId : undefined}
          rows={4}
          maxLength={BIO_MAX + 20}
          placeholder={t('bio.placeholder')}
          value={bio}
          autoFocus
          onChange={(event) => {
            setBio(event.currentTarget.value);
            state.setError(null);
          }}
          onKeyDown={(event) => {
            // Enter advances like every other step; Shift+Enter keeps a line break.
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <span className="ob-counter" aria-hidden="true">
          {bio.trim().length}/{BIO_MAX}
        </span>
      </label>
    </StepForm>
  );
}
