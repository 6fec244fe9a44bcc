// Client side of the server content checks (accounts §5 'Server content checks'): up to
// three tries; a 404 means the check is unavailable, so the built-in word list decides;
// three server failures in a row accept the input rather than block the member. The bio
// check waits between tries with an exponential delay.
import {
  CONTENT_CHECK_RETRIES,
  containsFallbackProfanity,
  fail,
  pass,
  type RuleResult,
} from '@bidboard/shared';
import { ApiError } from '@/lib/api-client';

export interface ContentVerdict {
  isValid: boolean;
  reason: string | null;
  cleanedInput?: string;
}

export interface ContentCheckOptions {
  /** The text being checked; also what the fallback list reads and what is accepted. */
  text: string;
  /** One call to the server check. */
  request: () => Promise<ContentVerdict>;
  /** Message when the input is rejected without a server reason. */
  rejectMessage: string;
  /** Wait before try `attempt + 1`, given the 1-based attempt that failed; none by default. */
  retryDelayMs?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Passes with the text to save (the server's cleaned input when it sends one). */
export async function runContentCheck({
  text,
  request,
  rejectMessage,
  retryDelayMs,
  sleep = wait,
}: ContentCheckOptions): Promise<RuleResult<string>> {
  for (let attempt = 1; attempt <= CONTENT_CHECK_RETRIES; attempt++) {
    try {
      const verdict = await request();
      if (!verdict.isValid) return fail(verdict.reason || rejectMessage);
      return pass(verdict.cleanedInput ?? text);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 404) return containsFallbackProfanity(text) ? fail(rejectMessage) : pass(text);
      // A 4xx other than 404 is an answer about the input, not an outage.
      if (status >= 400 && status < 500) {
        return fail((error instanceof ApiError && error.message) || rejectMessage);
      }
      if (attempt < CONTENT_CHECK_RETRIES && retryDelayMs) await sleep(retryDelayMs(attempt));
    }
  }
  // The check failed every time: accept rather than lock the member out of onboarding.
  return pass(text);
}
