// Step 3 of sign-in: the six-digit code (accounts §5 Code, §8). Submits when all six boxes
// are filled; a failure clears the boxes; five failures lock the input for 60 seconds. A
// number the server locked (too many wrong codes in a day) shows the server's words and
// when the lockout ends, with the input locked.
// 'Resend code' asks for a new code after a visible cooldown; while the server has locked
// the number there is nothing a new code could do, so neither the offer nor its countdown shows.
import { type LoginResponse, MESSAGES, OTP_LENGTH } from '@bidboard/shared';
import { useEffect, useRef, useState } from 'react';
import { DigitBoxes, type DigitBoxesHandle, emptyDigits } from '@/components/ui/digit-boxes';
import { LockIcon } from '@/components/ui/icons';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/i18n/format';
import { useVerifyOtp } from '../api/verify-otp';
import { useCodeLockout } from '../hooks/use-code-lockout';
import { useResendCode } from '../hooks/use-resend-code';
import { useAuthText } from '../i18n';

interface CodeStepProps {
  phoneNumber: string;
  displayPhone: string;
  getReferredBy: () => string | null;
  onVerified: (login: LoginResponse) => void;
  onChangeNumber: () => void;
}

export function CodeStep({
  phoneNumber,
  displayPhone,
  getReferredBy,
  onVerified,
  onChangeNumber,
}: CodeStepProps) {
  const [digits, setDigits] = useState(() => emptyDigits(OTP_LENGTH));
  const [error, setError] = useState<string | null>(null);
  const boxes = useRef<DigitBoxesHandle>(null);
  const verify = useVerifyOtp();
  const lockout = useCodeLockout();
  const resend = useResendCode(phoneNumber);
  const t = useAuthText();
  const [numberLock, setNumberLock] = useState<{ message: string; until: string | null } | null>(
    null,
  );
  const disabled = lockout.locked || verify.isPending || numberLock !== null;
  // After a failure (or when a lockout ends) the cursor returns to the first box.
  const [refocus, setRefocus] = useState(0);

  useEffect(() => {
    if (refocus > 0 && !disabled) boxes.current?.focus(0);
  }, [refocus, disabled]);

  const handleComplete = (otp: string) => {
    if (lockout.locked || verify.isPending) return;
    setError(null);
    verify.mutate(
      { phoneNumber, otp, referredBy: getReferredBy() },
      {
        onSuccess: onVerified,
        onError: (failure) => {
          setDigits(emptyDigits(OTP_LENGTH));
          // The server's lockout of the number, not this screen's 60 seconds.
          if (isApiError(failure) && failure.code === 'TOO_MANY_ATTEMPTS') {
            const until = failure.text?.params?.until;
            setNumberLock({
              message: errorMessage(failure, MESSAGES.invalidCode),
              until: typeof until === 'string' ? until : null,
            });
            setError(null);
            return;
          }
          const accountMissing = isApiError(failure) && failure.code === 'ACCOUNT_NOT_FOUND';
          setAccountMissing(accountMissing);
          const lockedNow = !accountMissing && lockout.recordFailure();
          // While locked the lockout message replaces the error; afterwards the step is fresh.
          setError(lockedNow ? null : errorMessage(failure, MESSAGES.invalidCode));
          setRefocus((count) => count + 1);
        },
      },
    );
  };

  const [accountMissing, setAccountMissing] = useState(false);
  const message =
    numberLock?.message ?? (lockout.locked ? t('code.lockout', { time: lockout.wait }) : error);
  const joinHint = !lockout.locked && !numberLock && accountMissing;

  return (
    <div className="auth-step">
      <h1 className="auth-title">{t('code.title')}</h1>
      <p className="auth-help" id="code-help">
        {t('code.sentTo')} <strong className="auth-phone">{displayPhone}</strong>.{' '}
        <button type="button" className="text-link" onClick={onChangeNumber}>
          {t('code.changeNumber')}
        </button>
      </p>
      <fieldset className="code-fieldset" aria-describedby="code-help">
        <legend className="visually-hidden">{t('code.legend')}</legend>
        <DigitBoxes
          ref={boxes}
          digits={digits}
          onChange={(next) => {
            setDigits(next);
            if (error && next.some(Boolean)) setError(null);
          }}
          onComplete={handleComplete}
          disabled={disabled}
          invalid={message !== null}
          oneTimeCode
          autoFocus
          describedBy={message ? 'code-message' : undefined}
        />
      </fieldset>
      <div className="code-status" aria-live="polite">
        {verify.isPending ? <p className="auth-help">{t('code.checking')}</p> : null}
      </div>
      {numberLock ? null : (
        <div className="code-resend">
          <p className="auth-help" aria-live="polite">
            {resend.outcome?.kind === 'sent' ? t('code.resent') : t('code.notReceived')}{' '}
            {resend.secondsLeft > 0 ? (
              <span className="code-resend__wait">
                {t('code.wait', { time: `0:${String(resend.secondsLeft).padStart(2, '0')}` })}
              </span>
            ) : null}
          </p>
          <button
            type="button"
            className="code-resend__button"
            disabled={resend.secondsLeft > 0 || resend.sending}
            onClick={resend.resend}
          >
            {resend.sending ? t('code.sending') : t('code.resend')}
          </button>
          {resend.outcome?.kind === 'error' ? (
            <p className="field-error" role="alert">
              <span>{resend.outcome.message}</span>
            </p>
          ) : null}
        </div>
      )}
      {message ? (
        <div className="field-error" id="code-message" role="alert">
          {lockout.locked || numberLock ? <LockIcon size={18} /> : null}
          <span>{message}</span>
        </div>
      ) : null}
      {numberLock?.until ? (
        <p className="auth-hint">
          {t('code.lockedUntil', {
            time: formatDate(numberLock.until, { dateStyle: 'medium', timeStyle: 'short' }),
          })}
        </p>
      ) : null}
      {/* The spec's 'Account not found.' stands alone; how to join follows on its own line. */}
      {message && joinHint ? <p className="auth-hint">{t('code.howToJoin')}</p> : null}
    </div>
  );
}
