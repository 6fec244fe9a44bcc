// POST /api/auth/check-referral: is the saved referrer username a valid invite?
import { type checkReferralResponse, MESSAGES } from '@bidboard/shared';
import type { z } from 'zod';
import { ApiError, api } from '@/lib/api-client';

export type ReferralCheck = { valid: true; referrerId: number } | { valid: false; message: string };

export async function checkReferral(username: string): Promise<ReferralCheck> {
  try {
    const body = await api.post<z.infer<typeof checkReferralResponse>>('/auth/check-referral', {
      username,
    });
    return { valid: true, referrerId: body.referrer_id };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { valid: false, message: error.message || MESSAGES.invalidReferral };
    }
    throw new ApiError(MESSAGES.referralCheckError, error instanceof ApiError ? error.status : 0);
  }
}
