// The phone step's one operation: carrier check, then the code request. Test numbers
// (ending 1234567890) skip both, as the server accepts the configured test code for them.
import { isTestPhone } from '@bidboard/shared';
import { useMutation } from '@tanstack/react-query';
import { requestOtp } from './request-otp';
import { validatePhone } from './validate-phone';

export async function sendCode(e164: string): Promise<void> {
  if (isTestPhone(e164)) return;
  await validatePhone(e164);
  await requestOtp(e164);
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
