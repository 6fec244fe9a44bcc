// Short bio (accounts §5 'Bio'): 20 to 130 characters after trimming; the server's
// content check follows.
import { CONTENT_MESSAGES } from './content';
import { fail, pass, type RuleResult } from './result';

export const BIO_MIN = 20;
export const BIO_MAX = 130;

export const BIO_MESSAGES = {
  tooShort: 'Bio must be at least 20 characters',
  tooLong: 'Bio must be between 20 and 130 characters',
  inappropriate: CONTENT_MESSAGES.bio,
} as const;

export function validateBio(raw: string): RuleResult<string> {
  const bio = raw.trim();
  if (bio.length < BIO_MIN) return fail(BIO_MESSAGES.tooShort);
  if (bio.length > BIO_MAX) return fail(BIO_MESSAGES.tooLong);
  return pass(bio);
}
