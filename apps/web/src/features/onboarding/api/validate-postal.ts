// POST /api/postal/validate: confirms that a well-formed postal code exists and names its
// city and state (accounts §8 'Postal' messages).
import { POSTAL_MESSAGES, type PostalLookup, type PostalValidateResponse } from '@bidboard/shared';
import { ApiError, api } from '@/lib/api-client';

export async function lookupPostalCode(postalCode: string): Promise<PostalLookup> {
  try {
    const response = await api.post<PostalValidateResponse>('/postal/validate', {
      postal_code: postalCode,
    });
    if (!response?.data) throw new ApiError(POSTAL_MESSAGES.noResponse, 0);
    return response.data;
  } catch (error) {
    if (!(error instanceof ApiError)) throw new ApiError(POSTAL_MESSAGES.lookupError, 0);
    if (error.status === 0) throw new ApiError(POSTAL_MESSAGES.noResponse, 0);
    if (error.status === 400 || error.status === 404) {
      throw new ApiError(error.message || POSTAL_MESSAGES.invalid, error.status);
    }
    throw new ApiError(POSTAL_MESSAGES.lookupError, error.status);
  }
}
