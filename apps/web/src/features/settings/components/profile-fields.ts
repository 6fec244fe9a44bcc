// Client-side checks of the text fields, with the shared rules and the exact messages,
// before anything is sent (the server repeats them and adds its content checks).
import {
  needsAvailabilityCheck,
  parseReservePrice,
  type RuleResult,
  type UpdateProfileBody,
  USERNAME_MESSAGES,
  validateBio,
  validatePostalCode,
  validateUsername,
} from '@bidboard/shared';
import { errorMessage } from '@/lib/api-client';
import { checkUsername } from '../api/check-username';

export async function usernameChanges(
  value: string,
  current: string | null,
  /** What a failed availability check says, in the member's language. */
  failed: string,
): Promise<RuleResult<UpdateProfileBody>> {
  const rule = validateUsername(value);
  if (!rule.ok) return rule;
  if (needsAvailabilityCheck(rule.value, current)) {
    try {
      const { available } = await checkUsername(rule.value);
      if (!available) return { ok: false, message: USERNAME_MESSAGES.taken };
    } catch (error) {
      return { ok: false, message: errorMessage(error, failed) };
    }
  }
  return { ok: true, value: { username: rule.value } };
}

export function bioChanges(value: string): RuleResult<UpdateProfileBody> {
  const rule = validateBio(value);
  return rule.ok ? { ok: true, value: { short_bio: rule.value } } : rule;
}

/** The hidden reserve: 0 to 99,999 tokens, for the auctions of the next periods. */
export function reserveChanges(value: string): RuleResult<UpdateProfileBody> {
  const rule = parseReservePrice(value);
  return rule.ok ? { ok: true, value: { reserve_price: rule.value } } : rule;
}

export function postalChanges(value: string): RuleResult<UpdateProfileBody> {
  const rule = validatePostalCode(value);
  return rule.ok ? { ok: true, value: { postal_code: rule.value.code } } : rule;
}
