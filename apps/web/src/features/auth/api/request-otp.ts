// POST /api/auth/request-otp: texts a one-time code to the number.
import { MESSAGES, type requestOtpResponse } from '@bidboard/shared';
import type { z } from 'zod';
import { ApiError, api } from '@/lib/api-client';
import { signInLanguage } from '@/lib/i18n';

export async function requestOtp(e164: string): Promise<void> {
  let body: z.infer<typeof requestOtpResponse>;
  try {
    body = await api.post('/auth/request-otp', {
      phone_number: e164,
      language: signInLanguage().language,
    });
  } catch (error) {
    if (error instanceof ApiError && error.message) throw error;
    throw new ApiError(MESSAGES.failedToSendCode, error instanceof ApiError ? error.status : 0);
  }
  if (body && body.success === false) {
    throw new ApiError(body.message || MESSAGES.failedToSendCode, 400, 'SMS_FAILED');
  }
}
