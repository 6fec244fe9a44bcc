// Step 2 of sign-in: phone number (accounts §5 Phone). Formats as (555) 555-5555, caps at
// 10 digits, validates the carrier, then requests the code.
import { canSubmitPhone, formatPhoneInput, MESSAGES, toE164 } from '@bidboard/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { sharedText } from '@/lib/i18n';
import { useSendCode } from '../api/send-code';
import { useAuthText } from '../i18n';
import { ServerMessage } from './server-message';

interface PhoneStepProps {
  initialPhone?: string;
  onCodeSent: (e164: string, formatted: string) => void;
}

export function PhoneStep({ initialPhone = '', onCodeSent }: PhoneStepProps) {
  const [phone, setPhone] = useState(initialPhone);
  const [error, setError] = useState<string | null>(null);
  const sendCode = useSendCode();
  const t = useAuthText();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitPhone(phone) || sendCode.isPending) return;
    const result = toE164(phone);
    if (!result.ok) {
      setError(sharedText(result.message));
      return;
    }
    setError(null);
    sendCode.mutate(result.e164, {
      onSuccess: () => onCodeSent(result.e164, phone),
      onError: (failure) => setError(errorMessage(failure, MESSAGES.failedToSendCode)),
    });
  };

  return (
    <form className="auth-step" onSubmit={handleSubmit} noValidate>
      <h1 className="auth-title">{t('phone.title')}</h1>
      <p className="auth-help" id="phone-help">
        {t('phone.help')}
      </p>
      <div
        className={
          error
            ? 'phone-field phone-field--invalid focus-ring-within'
            : 'phone-field focus-ring-within'
        }
      >
        <span className="phone-field__prefix" aria-hidden="true">
          +1
        </span>
        <input
          className="phone-field__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(555) 555-5555"
          aria-label={t('phone.label')}
          aria-describedby={error ? 'phone-help phone-error' : 'phone-help'}
          aria-invalid={error ? true : undefined}
          value={phone}
          autoFocus
          onChange={(event) => {
            setPhone(formatPhoneInput(event.currentTarget.value));
            if (error) setError(null);
          }}
        />
      </div>
      {error ? (
        <p className="field-error" id="phone-error" role="alert">
          <span>
            <ServerMessage message={error} />
          </span>
        </p>
      ) : null}
      <div className="auth-actions">
        <Button type="submit" block disabled={!canSubmitPhone(phone)} busy={sendCode.isPending}>
          {t('phone.submit')}
        </Button>
      </div>
    </form>
  );
}
