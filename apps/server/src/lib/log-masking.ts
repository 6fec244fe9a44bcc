// What never reaches a log line (product rules, "Running for real"): phone numbers, sign-in
// codes, tokens and secrets, message text. Two layers, because neither alone is enough:
// - by name: the value of a field called `phone_number`, `token`, `text`, ... is replaced
//   whole, at any depth (pino's path-based redact cannot match a key at every depth);
// - by shape: in every other string (messages, URLs, error messages and stacks, a driver's
//   "params: ..." dump) phone numbers in any format, 6-digit codes, long digit runs (card
//   numbers), taxpayer ids (SSN, EIN, SIN writings, 9-digit runs), JWTs, bearer tokens and
//   signed-URL query values are masked.
// The development console SMS adapter is the one thing that shows a code, on its own
// channel (adapters/sms/console.adapter), never through the logger.

const SECRET_KEYS = new Set(
  [
    // credentials and tokens
    'authorization',
    'cookie',
    'set-cookie',
    'token',
    'authtoken',
    'accesstoken',
    'refreshtoken',
    'formtoken',
    'jwt',
    'password',
    'secret',
    'signature',
    'sig',
    'otp',
    'code_hash',
    // people
    'phone',
    'phone_number',
    'phonenumber',
    'to',
    'from',
    'email',
    // push subscriptions: the endpoint URL is a capability, the keys encrypt to the browser
    'endpoint',
    'p256dh',
    'auth',
    'keys',
    // what members write, and bodies that carry it
    'text',
    'body',
    'last_message_text',
    'short_bio',
    // payee profiles (issue 43): the taxpayer id, in the clear or sealed
    'taxpayer_id',
    'taxpayer_id_sealed',
    'params',
    'parameters',
    'q',
  ].map((key) => key.toLowerCase()),
);

export const REDACTED = '[redacted]';

/** Query parameters whose values are secrets or personal: masked inside any URL. */
const SECRET_QUERY =
  /([?&;](?:phone|phone_number|token|code|otp|sig|signature|q|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&#\s"']*/gi;
/** A shared date's link (issue 45): its token is the only key to the page. */
const SHARED_DATE_TOKEN = /(\/shared-dates?\/)[\w-]{16,}/g;
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]{4,}/g;
const BEARER = /\b(bearer)(\s+)[^\s"',;]+/gi;
const BASIC = /\b(Basic)(\s+)[A-Za-z0-9+/]{8,}={0,2}/g;
/** NANP in its usual writings: 2015550100, (201) 555-0100, +1 201.555.0100, 1-201-555-0100. */
const NANP =
  /(?:(?:\+|%2B)?\b1[\s.-]?(?:\(\d{3}\)|\d{3})|\(\d{3}\)|\b\d{3})[\s.-]?\d{3}[\s.-]?\d{4}\b/gi;
/** Any number written with a country code: +44 20 7946 0958, %2B12015550100. */
const INTERNATIONAL = /(?:\+|%2B)\d(?:[\s().-]{0,2}\d){6,14}/gi;
/** Runs long enough to be a phone or card number (not a stretch of an id's hex). */
const LONG_DIGITS = /(?<![\dA-Za-z])\d{10,19}(?![\dA-Za-z])/g;
const SIX_DIGITS = /\b\d{6}\b/g;
/** SSN/ITIN 123-45-6789, EIN 12-3456789, SIN 130 692 544, and any 9 digits alone. */
const TAXPAYER_ID =
  /(?<![\dA-Za-z-])(?:\d{3}-\d{2}-\d{4}|\d{2}-\d{7}|\d{3} \d{3} \d{3}|\d{9})(?![\dA-Za-z-])/g;
/** A database driver's dump of a failed query's bound values (drizzle: "params: a,b,c"). */
const QUERY_PARAMS = /(\bparams:\s*)[^\n]*/gi;
/** PostgreSQL quotes the input it could not read: `invalid input syntax for type integer: "..."`. */
const QUOTED_INPUT = /(invalid input (?:syntax|value) for [^:"\n]*: )"[^"\n]*"/gi;
const OUT_OF_RANGE = /(value )"[^"\n]*"( is out of range)/gi;

export function maskText(text: string): string {
  return text
    .replace(QUERY_PARAMS, `$1${REDACTED}`)
    .replace(QUOTED_INPUT, `$1"${REDACTED}"`)
    .replace(OUT_OF_RANGE, `$1"${REDACTED}"$2`)
    .replace(SECRET_QUERY, `$1${REDACTED}`)
    .replace(SHARED_DATE_TOKEN, `$1${REDACTED}`)
    .replace(JWT, '[jwt]')
    .replace(BEARER, `$1$2${REDACTED}`)
    .replace(BASIC, `$1$2${REDACTED}`)
    .replace(INTERNATIONAL, '[phone]')
    .replace(NANP, '[phone]')
    .replace(LONG_DIGITS, '[number]')
    .replace(TAXPAYER_ID, '[taxpayer-id]')
    .replace(SIX_DIGITS, '[code]');
}

export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase());
}

const MAX_DEPTH = 6;

/** A copy of `value` fit for a log line: secret fields replaced, every string masked. */
export function maskValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return maskText(value);
  if (typeof value === 'bigint') return maskText(value.toString());
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return maskError(value, depth, seen);
  if (value instanceof Date) return value;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (seen.has(value) || depth >= MAX_DEPTH) return '[...]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => maskValue(item, depth + 1, seen));
  const masked: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    masked[key] = isSecretKey(key) ? REDACTED : maskValue(item, depth + 1, seen);
  }
  return masked;
}

/**
 * An error as pino's standard serializer would write it (type, message, stack, own
 * fields, cause), masked. A PostgreSQL error's `detail` ("Key (phone_number)=(...)",
 * "Failing row contains (...)") quotes row values: only the names before `=` are kept.
 */
export interface MaskedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function maskError(error: Error, depth = 0, seen = new WeakSet<object>()): MaskedError {
  if (seen.has(error) || depth >= MAX_DEPTH) {
    return { type: error.name, message: '[...]', stack: '' };
  }
  seen.add(error);
  const out: MaskedError = {
    type: error.constructor?.name ?? error.name,
    message: maskText(String(error.message ?? '')),
    stack: typeof error.stack === 'string' ? maskText(error.stack) : '',
  };
  for (const [key, item] of Object.entries(error)) {
    if (key === 'message' || key === 'stack' || key === 'cause') continue;
    if (key === 'detail' && typeof item === 'string') out.detail = maskPgDetail(item);
    else out[key] = isSecretKey(key) ? REDACTED : maskValue(item, depth + 1, seen);
  }
  const { cause } = error as { cause?: unknown };
  if (cause !== undefined) out.cause = maskValue(cause, depth + 1, seen);
  return out;
}

function maskPgDetail(detail: string): string {
  return maskText(
    detail
      .replace(/\)=\(.*\)/g, `)=(${REDACTED})`)
      .replace(/(Failing row contains )\(.*\)/s, `$1(${REDACTED})`),
  );
}

/**
 * The last net, over each finished JSON line (bindings included): shapes that cannot be
 * mistaken for anything else in JSON. Digit-only shapes stay with maskText, which sees
 * strings, not the numbers of a JSON line (times, durations).
 */
export function maskLine(line: string): string {
  return line
    .replace(JWT, '[jwt]')
    .replace(BEARER, `$1$2${REDACTED}`)
    .replace(INTERNATIONAL, '[phone]');
}
