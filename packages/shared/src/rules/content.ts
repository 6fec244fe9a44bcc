// Rejection messages of the server content checks (accounts §5 'Server content checks').
// The server's checks (obscenity) and the web client's 404 fallback both use these.

export const CONTENT_MESSAGES = {
  username: 'Username contains inappropriate content',
  bio: 'Bio contains inappropriate content',
  favoriteAnswer: 'Invalid input',
} as const;

/** Attempts per content check before the client gives up (accounts §9). */
export const CONTENT_CHECK_RETRIES = 3;

/**
 * Wait before retry `attempt` (1-based) of the bio check, which backs off exponentially.
 * The spec gives no base; 500 ms doubling keeps three tries under two seconds.
 */
export function contentRetryDelayMs(attempt: number): number {
  return 500 * 2 ** Math.max(0, attempt - 1);
}
