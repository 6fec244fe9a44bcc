// Building blocks every request schema is made of, so that a new route is safe by
// default: ids stay inside the database column's range and text carries no control
// characters (a NUL byte or an id past 2^31-1 used to reach PostgreSQL and come back
// as a 500). Use these instead of bare z.number()/z.string() for anything a client sends.
import { z } from 'zod';

/** PostgreSQL `integer`, the type of every id column but the ledger's and bids'. */
export const PG_INT_MAX = 2_147_483_647;
/** PostgreSQL `bigint` ids (token_transactions, bids) as far as JavaScript counts exactly. */
export const PG_BIGINT_SAFE_MAX = Number.MAX_SAFE_INTEGER;

export const COMMON_MESSAGES = {
  invalidId: 'Invalid id',
  controlCharacters: 'Text cannot contain control characters',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  invalidNumber: 'Must be a whole number',
  atLeast: (min: number) => `Must be at least ${min}`,
  atMost: (max: number) => `Must be at most ${max}`,
} as const;

/** An id of an `integer` column, in a JSON body. */
export const idSchema = z
  .number({ error: COMMON_MESSAGES.invalidId })
  .int(COMMON_MESSAGES.invalidId)
  .min(1, COMMON_MESSAGES.invalidId)
  .max(PG_INT_MAX, COMMON_MESSAGES.invalidId);

/** The same id as it arrives in a path or a query string ("42"). */
export const idParam = z.coerce
  .number({ error: COMMON_MESSAGES.invalidId })
  .int(COMMON_MESSAGES.invalidId)
  .min(1, COMMON_MESSAGES.invalidId)
  .max(PG_INT_MAX, COMMON_MESSAGES.invalidId);

/** An id of a `bigint` column (ledger rows, bids), in a body or a query string. */
export const bigIdParam = z.coerce
  .number({ error: COMMON_MESSAGES.invalidId })
  .int(COMMON_MESSAGES.invalidId)
  .min(1, COMMON_MESSAGES.invalidId)
  .max(PG_BIGINT_SAFE_MAX, COMMON_MESSAGES.invalidId);

/** A whole number within [min, max] in a JSON body (amounts, counts). */
export function intInRange(min: number, max: number) {
  return z
    .number({ error: COMMON_MESSAGES.invalidNumber })
    .int(COMMON_MESSAGES.invalidNumber)
    .min(min, COMMON_MESSAGES.atLeast(min))
    .max(max, COMMON_MESSAGES.atMost(max));
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** C0 controls and DEL; tab, line feed and carriage return count only in single-line text. */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}) {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x7f) return true;
    if (code >= 0x20) continue;
    const lineBreakOrTab = code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN;
    if (!(options.multiline && lineBreakOrTab)) return true;
  }
  return false;
}

export interface TextOptions {
  max: number;
  min?: number;
  /** Allows line breaks and tabs (messages, bios). */
  multiline?: boolean;
  /** Trim surrounding whitespace before checking lengths (default true). */
  trim?: boolean;
  /** Message for a value shorter than `min`. */
  minMessage?: string;
  /** Message for a value longer than `max`. */
  maxMessage?: string;
}

/** Client text: bounded length and no control characters (NUL included). */
export function safeText(options: TextOptions) {
  const base = options.trim === false ? z.string() : z.string().trim();
  let schema = base
    .max(options.max, options.maxMessage ?? COMMON_MESSAGES.tooLong(options.max))
    .refine((v) => !hasControlCharacters(v, { multiline: options.multiline }), {
      message: COMMON_MESSAGES.controlCharacters,
    });
  if (options.min !== undefined) {
    schema = schema.refine((v) => v.length >= options.min!, {
      message: options.minMessage ?? `Must be at least ${options.min} characters`,
    });
  }
  return schema;
}

/** `?limit=&offset=` paging with a default page and a hard ceiling. */
export function pageQuery(defaults: { limit: number; maxLimit: number }) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(defaults.maxLimit).default(defaults.limit),
    offset: z.coerce.number().int().min(0).max(PG_INT_MAX).default(0),
  });
}

/** The body of every error response: the spec's message and a stable code. */
export const errorResponseSchema = z.object({
  /** The spec's English words (the contract). */
  message: z.string(),
  code: z.string().optional(),
  /** The message's key among the shared texts, to say it in the member's language. */
  key: z.string().optional(),
  /** What fills the message's arguments ({minimum}, {from}). */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
