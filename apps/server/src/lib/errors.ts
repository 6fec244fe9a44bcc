// Typed domain errors: a stable code, an HTTP status and the spec's user-facing message.
import { type ErrorCode, type ErrorResponse, MESSAGES } from '@bidboard/shared';
import { keyOfEnglish, type TextRef } from '@bidboard/shared/i18n/texts';

/** A message built from arguments, by its key among the shared texts and what fills it. */
export type ErrorText = { key: string; params: NonNullable<ErrorResponse['params']> };

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    /** Lets the client say a built message in the member's language (fr-CA.json). */
    readonly text?: ErrorText,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * What a message says by its key among the shared texts: a built message's own key and
 * arguments, a constant's key found from its words; undefined for words no text has.
 */
export function textOf(message: string, text?: ErrorText): TextRef | undefined {
  if (text) return text;
  const key = keyOfEnglish(message);
  return key ? { key } : undefined;
}

export const badRequest = (code: ErrorCode, message: string) => new AppError(code, 400, message);
export const notAuthenticated = () =>
  new AppError('NOT_AUTHENTICATED', 401, MESSAGES.notAuthenticated);
export const forbidden = () => new AppError('FORBIDDEN', 403, MESSAGES.forbidden);
export const notFound = (message: string = MESSAGES.notFound) =>
  new AppError('NOT_FOUND', 404, message);
export const tooManyRequests = (message: string = MESSAGES.tooManyRequests) =>
  new AppError('RATE_LIMITED', 429, message);

/** PostgreSQL's SQLSTATE of a failed query, whichever driver raised it. */
export function pgErrorCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function constraintOf(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
