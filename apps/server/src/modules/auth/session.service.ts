// Sessions: an HS256 JWT (audience and issuer checked, algorithm allow-listed) that
// names a `sessions` row. The row makes tokens revocable and carries the idle and
// absolute lifetimes, so a token is only as good as its row.
import type { webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db, Executor } from '../../db/client';
import { batchLoader } from '../../lib/batch-loader';
import type { Clock } from '../../lib/context';
import { notAuthenticated } from '../../lib/errors';
import type { UserRow } from '../users/user.presenter';
import {
  insertSession,
  type LiveBounds,
  liveSessionMembers,
  liveSessions,
  liveSessionsTouched,
  markMemberSessionsRevoked,
  markSessionRevoked,
  recordSignIn,
  touchSession,
} from './sessions.repository';

const AUDIENCE = 'bidboard-web';
const ISSUER = 'bidboard';
const ALGORITHMS = ['HS256'];
/** last_seen_at is refreshed at most this often, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionSettings {
  key: Uint8Array;
  idleSeconds: number;
  absoluteSeconds: number;
  clock: Clock;
}

export interface AuthenticatedSession {
  userId: number;
  sessionId: string;
}

/**
 * The signing key as WebCrypto holds it, imported once per key: given the raw bytes, jose
 * imports them again for every signature and check (a quarter of a verification's CPU).
 */
const importedKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();

function hmacKey(key: Uint8Array): Promise<webcrypto.CryptoKey> {
  let imported = importedKeys.get(key);
  if (!imported) {
    imported = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    importedKeys.set(key, imported);
  }
  return imported;
}

export async function createSession(
  db: Executor,
  settings: SessionSettings,
  userId: number,
  meta: { userAgent?: string; ip?: string; deviceId?: string } = {},
): Promise<string> {
  const now = settings.clock();
  const expiresAt = new Date(now.getTime() + settings.absoluteSeconds * 1000);
  const sid = await insertSession(db, { userId, now, expiresAt, meta });
  await recordSignIn(db, userId, now);
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await hmacKey(settings.key));
}

/**
 * Tokens whose signature and claims were already checked, per signing key: the HMAC is
 * about a quarter of an authenticated request's CPU, and a token's signature cannot change. Only
 * the signature is remembered; the session row is still read for every request, and the
 * expiry is checked again on every use. Past the bound the map starts over.
 */
const verifiedTokens = new WeakMap<
  Uint8Array,
  Map<string, AuthenticatedSession & { expiresAtSeconds: number }>
>();
const MAX_VERIFIED_TOKENS = 10_000;

/** The session a verified token names; the row is not read yet. */
export async function verifyToken(
  settings: SessionSettings,
  token: string,
): Promise<AuthenticatedSession> {
  const now = settings.clock();
  let verified = verifiedTokens.get(settings.key);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(settings.key, verified);
  }
  const known = verified.get(token);
  if (known && known.expiresAtSeconds * 1000 > now.getTime()) {
    return { sessionId: known.sessionId, userId: known.userId };
  }
  let payload: { sid?: unknown; sub?: string; exp?: number };
  try {
    ({ payload } = await jwtVerify(token, await hmacKey(settings.key), {
      algorithms: ALGORITHMS,
      audience: AUDIENCE,
      issuer: ISSUER,
      currentDate: now,
      requiredClaims: ['exp', 'sub', 'sid'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
      throw notAuthenticated();
    throw error;
  }
  const { sid, sub, exp } = payload;
  const userId = Number(sub);
  if (typeof sid !== 'string' || !SESSION_ID.test(sid) || !Number.isInteger(userId))
    throw notAuthenticated();
  if (userId < 1 || userId > MAX_USER_ID) throw notAuthenticated();
  if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
  verified.set(token, { sessionId: sid, userId, expiresAtSeconds: exp ?? 0 });
  return { sessionId: sid, userId };
}

/** users.id is a PostgreSQL integer. */
const MAX_USER_ID = 2_147_483_647;
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A live session as last read from its row. */
export interface LiveSession extends AuthenticatedSession {
  expiresAt: Date;
  lastSeenAt: Date;
}

/** Which rows count as live at `now`: not revoked, not past either lifetime. */
function liveBounds(settings: SessionSettings, now: Date): LiveBounds {
  return {
    now: now.toISOString(),
    idleSince: new Date(now.getTime() - settings.idleSeconds * 1000).toISOString(),
  };
}

/**
 * Reads claimed sessions with their members: the claims that arrive during one turn of the
 * event loop (requests parsed together under load) in one statement, each still read after
 * its request arrived. Every claim gets its own row, so no two requests share a member
 * object.
 */
export function sessionMemberReader(db: Db, settings: SessionSettings) {
  let next = 0;
  const load = batchLoader({
    load: async (items: { key: number; claim: AuthenticatedSession }[]) => {
      const rows = await liveSessionMembers(
        db,
        items.map(({ claim }) => ({ sid: claim.sessionId, userId: claim.userId })),
        liveBounds(settings, settings.clock()),
      );
      return new Map(rows.map((row) => [items[row.n - 1]!.key, row]));
    },
    keyOf: (item) => item.key,
  });
  return (claim: AuthenticatedSession) => load({ key: next++, claim });
}

export type SessionMemberReader = ReturnType<typeof sessionMemberReader>;

/**
 * Resolves a bearer token to its live session and its member, in one database round
 * trip shared with the requests that arrived with it (plus the idle-lifetime touch at most
 * once a minute), or throws 401.
 */
export async function authenticateMember(
  db: Db,
  read: SessionMemberReader,
  settings: SessionSettings,
  token: string,
): Promise<{ session: LiveSession; member: UserRow }> {
  const claimed = await verifyToken(settings, token);
  const row = await read(claimed);
  if (!row) throw notAuthenticated();
  const session = { ...claimed, expiresAt: row.expiresAt, lastSeenAt: row.lastSeenAt };
  await touch(db, session, settings.clock());
  return { session, member: row.member };
}

/**
 * Re-reads many claimed sessions in one statement, touching the live ones that are due:
 * the live ones by session id. A claim whose member does not match its row is not live,
 * nor one of a suspended or deleted member (their sessions are revoked too; this holds
 * even if one was missed).
 */
export async function touchLiveSessions(
  db: Db,
  settings: SessionSettings,
  claims: readonly AuthenticatedSession[],
): Promise<Map<string, LiveSession>> {
  const now = settings.clock();
  const bounds = liveBounds(settings, now);
  const touchBefore = new Date(now.getTime() - TOUCH_INTERVAL_MS).toISOString();
  const found = await liveSessionsTouched(
    db,
    { sessionIds: claims.map((c) => c.sessionId), userIds: claims.map((c) => c.userId) },
    bounds,
    touchBefore,
  );
  return new Map(
    found.map((row) => [
      row.id,
      {
        sessionId: row.id,
        userId: Number(row.user_id),
        expiresAt: new Date(row.expires_at),
        lastSeenAt: new Date(row.last_seen_at),
      },
    ]),
  );
}

/** The sessions among `ids` that are live now, read without touching them (the socket sweep). */
export async function findLiveSessions(
  db: Db,
  settings: SessionSettings,
  ids: string[],
): Promise<LiveSession[]> {
  const bounds = liveBounds(settings, settings.clock());
  const found = await liveSessions(db, ids, bounds);
  return found.map((row) => ({
    sessionId: row.id,
    userId: row.user_id,
    expiresAt: new Date(row.expires_at),
    lastSeenAt: new Date(row.last_seen_at),
  }));
}

/** Keeps the idle lifetime moving; written at most once a minute per session. */
async function touch(db: Db, session: LiveSession, now: Date): Promise<void> {
  if (now.getTime() - session.lastSeenAt.getTime() <= TOUCH_INTERVAL_MS) return;
  await touchSession(db, session.sessionId, now);
  session.lastSeenAt = now;
}

/** Ends one session. Announce it through `app.sessionsEnded` once committed. */
export async function revokeSession(db: Executor, sessionId: string, clock: Clock): Promise<void> {
  await markSessionRevoked(db, sessionId, clock());
}

/**
 * Ends every session of a member (suspension, account deletion). Run it inside the
 * transaction that makes the change; after commit, announce
 * `app.sessionsEnded.announce({ userId })` so every server cuts the member's sockets.
 */
export async function revokeAllSessions(
  tx: Executor,
  userId: number,
  clock: Clock,
): Promise<number> {
  return markMemberSessionsRevoked(tx, userId, clock());
}
