// Username (accounts §5 'Username'): trimmed, 3 to 14 letters, digits, hyphens and
// underscores, with the shape rules below. Reserved names are compared ignoring case;
// besides the spec's list they include the app's own top-level paths (referral, auctions,
// api, assets), because profiles live at /{username}. 'socket.io' needs no entry: a dot
// can never appear in a username.
import { CONTENT_MESSAGES } from './content';
import { fail, pass, type RuleResult } from './result';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 14;

export const USERNAME_MESSAGES = {
  length: 'Username must be between 3 and 14 characters long',
  characters: 'Username can only use letters, numbers, hyphens and underscores',
  edges: 'Username cannot start or end with a hyphen or underscore',
  consecutive: 'Username cannot have two hyphens or underscores in a row',
  repeated: 'Username cannot repeat the same character more than 3 times in a row',
  reserved: 'This username is reserved and cannot be used',
  inappropriate: CONTENT_MESSAGES.username,
  taken: 'Username is already taken',
} as const;

export const RESERVED_USERNAMES = [
  'admin',
  'support',
  'root',
  'moderator',
  'system',
  'auth',
  'logout',
  'onboarding',
  'connections',
  'home',
  'policy',
  'terms',
  'referral',
  'auctions',
  'api',
  'assets',
] as const;

const RESERVED = new Set<string>(RESERVED_USERNAMES);

export function isReservedUsername(username: string): boolean {
  return RESERVED.has(username.trim().toLowerCase());
}

/** Format check run before the server's availability and content checks. */
export function validateUsername(raw: string): RuleResult<string> {
  const username = raw.trim();
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) {
    return fail(USERNAME_MESSAGES.length);
  }
  if (!/^[A-Za-z0-9_-]+$/.test(username)) return fail(USERNAME_MESSAGES.characters);
  if (/^[-_]|[-_]$/.test(username)) return fail(USERNAME_MESSAGES.edges);
  if (/[-_]{2}/.test(username)) return fail(USERNAME_MESSAGES.consecutive);
  // Case-insensitive, like every other username comparison: 'aAAa' is four of a kind.
  if (/(.)\1{3}/i.test(username)) return fail(USERNAME_MESSAGES.repeated);
  if (isReservedUsername(username)) return fail(USERNAME_MESSAGES.reserved);
  return pass(username);
}

/** Settings skip the availability check when only the letter case changes. */
export function needsAvailabilityCheck(next: string, current: string | null | undefined): boolean {
  return next.trim().toLowerCase() !== (current ?? '').trim().toLowerCase();
}
