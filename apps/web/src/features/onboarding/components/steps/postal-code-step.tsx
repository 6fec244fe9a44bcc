// Step 1: postal code (accounts §5 'Postal code'): formatted and capped as typed, checked
// on blur, then looked up so the member sees the city it belongs to.
import {
  formatPostalInput,
  POSTAL_MAX_LENGTH,
  type PostalLookup,
  validatePostalCode,
} from '@bidboard/shared';
import { useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { lookupPostalCode } from '../../api/validate-postal';
import { useOnboardingText } from '../../i18n';
import { StepError, StepForm, useStepState } from '../step-form';
import type { StepProps } from './step-props';

export function PostalCodeStep({ user, save }: StepProps) {
  const t = useOnboardingText();
  const state = useStepState();
  const [value, setValue] = useState(user.postal_code ?? '');
  const [place, setPlace] = useState<(PostalLookup & { code: string }) | null>(null);
  // Blur and Continue can both ask about the same code; they share one lookup.
  const lookup = useRef<{ code: string; promise: Promise<PostalLookup> } | null>(null);

  /** Checks the format, then asks the server; throws the message to show. */
  const confirm = async (): Promise<string> => {
    const result = validatePostalCode(value);
    if (!result.ok) throw new StepError(result.message);
    const { code } = result.value;
    if (lookup.current?.code !== code) lookup.current = { code, promise: lookupPostalCode(code) };
    try {
      const found = await lookup.current.promise;
      setPlace({ ...found, code: result.value.code });
      return result.value.code;
    } catch (error) {
      lookup.current = null;
      setPlace(null);
      throw new StepError(errorMessage(error, t('postal.failed')));
    }
  };

  const handleBlur = async () => {
    if (!value.trim()) return;
    try {
      await confirm();
    } catch (error) {
      state.setError((error as Error).message);
    }
  };

  return (
    <StepForm
      state={state}
      title={t('postal.title')}
      help={t('postal.help')}
      save={save}
      collect={async () => ({ postal_code: await confirm() })}
      note={
        place ? (
          <p className="ob-confirm" role="status">
            {place.city}, {place.state}
          </p>
        ) : null
      }
    >
      <input
        className="ob-input ob-input--big"
        aria-label={t('postal.label')}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={state.error ? state.errorId : undefined}
        autoComplete="postal-code"
        autoCapitalize="characters"
        maxLength={POSTAL_MAX_LENGTH}
        placeholder={t('postal.placeholder')}
        value={value}
        autoFocus
        onChange={(event) => {
          setValue(formatPostalInput(event.currentTarget.value));
          setPlace(null);
          state.setError(null);
        }}
        onBlur={handleBlur}
      />
    </StepForm>
  );
}
