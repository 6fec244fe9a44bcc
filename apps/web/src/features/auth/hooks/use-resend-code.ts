// 'Resend code' on the code step: offered again after a visible cooldown, and sent with the
// same request as the first code, so the server's send limits (per phone, per address)
// apply and their message is shown when reached.
import { isTestPhone, MESSAGES, RESEND_CODE_COOLDOWN_SECONDS } from '@bidboard/shared';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { requestOtp } from '../api/request-otp';

export interface ResendCode {
  /** Seconds until the member may ask again; 0 when they may. */
  secondsLeft: number;
  sending: boolean;
  /** 'sent' after a new code left, the failure message after a refusal, else null. */
  outcome: { kind: 'sent' } | { kind: 'error'; message: string } | null;
  resend: () => void;
}

export function useResendCode(phoneNumber: string): ResendCode {
  const [availableAt, setAvailableAt] = useState(
    () => Date.now() + RESEND_CODE_COOLDOWN_SECONDS * 1000,
  );
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ResendCode['outcome']>(null);
  const secondsLeft = Math.max(0, Math.ceil((availableAt - now) / 1000));

  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);

  const resend = useCallback(() => {
    setSending(true);
    setOutcome(null);
    // Test numbers never receive a text; the server accepts the test code for them.
    const send = isTestPhone(phoneNumber) ? Promise.resolve() : requestOtp(phoneNumber);
    send
      .then(() => setOutcome({ kind: 'sent' }))
      .catch((failure: unknown) =>
        setOutcome({ kind: 'error', message: errorMessage(failure, MESSAGES.failedToSendCode) }),
      )
      .finally(() => {
        setSending(false);
        const start = Date.now();
        setNow(start);
        setAvailableAt(start + RESEND_CODE_COOLDOWN_SECONDS * 1000);
      });
  }, [phoneNumber]);

  return { secondsLeft, sending, outcome, resend };
}
