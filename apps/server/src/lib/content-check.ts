// Server content checks of accounts §5 (username, bio, favourite answer) and of prompt
// answers (issue 44). Each runs the shared format rule first, so the server never accepts
// what the form would refuse, then the obscenity package's English dataset with its
// recommended transformers (leet speak, look-alike characters, stretched letters).
//
// Profane input is rejected, never silently saved censored: cleanedInput then carries the
// censored text only to show what was found. A passing favourite answer's cleanedInput is
// the trimmed, single-spaced answer, and that is what the profile stores.
import {
  CONTENT_MESSAGES,
  type ContentCheckResult,
  type FavoriteCategory,
  PROMPT_MESSAGES,
  validateBio,
  validateFavoriteThing,
  validatePromptAnswer,
  validateUsername,
} from '@bidboard/shared';
import {
  asteriskCensorStrategy,
  englishDataset,
  englishRecommendedTransformers,
  RegExpMatcher,
  TextCensor,
} from 'obscenity';

const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
const censor = new TextCensor().setStrategy(asteriskCensorStrategy());

export function isProfane(text: string): boolean {
  return matcher.hasMatch(text);
}

export function censorProfanity(text: string): string {
  return censor.applyTo(text, matcher.getAllMatches(text));
}

function valid(cleanedInput: string): ContentCheckResult {
  return { isValid: true, reason: null, cleanedInput };
}

function invalid(reason: string, cleanedInput: string): ContentCheckResult {
  return { isValid: false, reason, cleanedInput };
}

export function checkUsername(raw: string): ContentCheckResult {
  const username = raw.trim();
  const format = validateUsername(username);
  if (!format.ok) return invalid(format.message, username);
  // 'f_u_c_k' and 'big-dick' hide words behind the separators a username allows.
  const spellings = [username, username.replace(/[-_]/g, ' '), username.replace(/[-_]/g, '')];
  if (spellings.some(isProfane)) return invalid(CONTENT_MESSAGES.username, username);
  return valid(username);
}

export function checkBio(raw: string): ContentCheckResult {
  const format = validateBio(raw);
  if (!format.ok) return invalid(format.message, raw.trim());
  if (isProfane(format.value)) return invalid(CONTENT_MESSAGES.bio, censorProfanity(format.value));
  return valid(format.value);
}

/** A prompt's text answer (issue 44): its own length, then the bio's content check. */
export function checkPromptAnswer(raw: string): ContentCheckResult {
  const format = validatePromptAnswer(raw);
  if (!format.ok) return invalid(format.message, raw.trim());
  if (isProfane(format.value)) {
    return invalid(PROMPT_MESSAGES.inappropriate, censorProfanity(format.value));
  }
  return valid(format.value);
}

export function checkFavoriteAnswer(category: FavoriteCategory, raw: string): ContentCheckResult {
  const answer = raw.replace(/\s+/g, ' ').trim();
  const format = validateFavoriteThing({ category, answer });
  if (!format.ok) return invalid(format.message, answer);
  if (isProfane(answer)) return invalid(CONTENT_MESSAGES.favoriteAnswer, censorProfanity(answer));
  return valid(answer);
}
