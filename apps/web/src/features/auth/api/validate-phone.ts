// POST /api/phone/validate: carrier check before a code is sent.
import { MESSAGES, type phoneValidateResponse } from '@bidboard/shared';
import type { z } from 'zod';
import { ApiError, api } from '@/lib/api-client';

export async function validatePhone(e164: string): Promise<void> {
  let body: z.infer<typeof phoneValidateResponse>;
  try {
    body = await api.post('/phone/validate', { phone: e164 });
  } catch (error) {
    if (error instanceof ApiError && error.message) throw error;
    throw new ApiError(MESSAGES.invalidCarrier, error instanceof ApiError ? error.status : 0);
  }
  if (!body?.valid)
    throw new ApiError(body?.message || MESSAGES.invalidCarrier, 400, 'INVALID_CARRIER');
}
