// POST /api/auth/verify-otp: exchanges phone + code (+ referrer for signup) for a session.
import { type LoginResponse, MESSAGES } from '@bidboard/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { signInLanguage } from '@/lib/i18n';

export interface VerifyOtpInput {
  phoneNumber: string;
  otp: string;
  referredBy: string | null;
}

export async function verifyOtp({
  phoneNumber,
  otp,
  referredBy,
}: VerifyOtpInput): Promise<LoginResponse> {
  let body: Partial<LoginResponse> | undefined;
  try {
    body = await api.post<Partial<LoginResponse>>('/auth/verify-otp', {
      phone_number: phoneNumber,
      otp,
      ...signInLanguage(),
      ...(referredBy ? { referred_by: referredBy } : {}),
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'ACCOUNT_NOT_FOUND') {
      throw new ApiError(MESSAGES.accountNotFound, error.status, error.code);
    }
    if (error instanceof ApiError && error.message) throw error;
    throw new ApiError(MESSAGES.invalidCode, error instanceof ApiError ? error.status : 0);
  }
  if (!body?.token) throw new ApiError(MESSAGES.noToken, 200, 'NO_TOKEN');
  if (!body.user || typeof body.user.id !== 'number') {
    throw new ApiError(MESSAGES.invalidUserData, 200, 'INVALID_USER');
  }
  return { token: body.token, user: body.user };
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
