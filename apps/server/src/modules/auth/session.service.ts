// Sessions: an HS256 JWT (audience and issuer checked, algorithm allow-listed) that
// names a `sessions` row. The row makes tokens revocable and carries the idle and
// absolute lifetimes, so a token is only as good as its row.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { type Db, type Executor, runStatement, type Statement } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { Clock } from '../../lib/context';
import { notAuthenticated } from '../../lib/errors';
import type { UserRow } from '../users/user.presenter';

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

export async function createSession(
  db: Executor,
  settings: SessionSettings,
  userId: number,
  meta: { userAgent?: string; ip?: string; deviceId?: string } = {},
): Promise<string> {
  const now = settings.clock();
  const expiresAt = new Date(now.getTime() + settings.absoluteSeconds * 1000);
  const [row] = await db
    .insert(sessions)
    .values({
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      user_agent: meta.userAgent,
      ip: meta.ip,
      device_id: meta.deviceId,
    })
    .returning({ id: sessions.id });
  return new SignJWT({ sid: row!.id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(settings.key);
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
    ({ payload } = await jwtVerify(token, settings.key, {
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
function liveBounds(settings: SessionSettings, now: Date) {
  return {
    now: now.toISOString(),
    idleSince: new Date(now.getTime() - settings.idleSeconds * 1000).toISOString(),
  };
}

const memberStatements = new WeakMap<Db, ReturnType<typeof prepareSessionMember>>();

/** Session and member in one prepared statement: every authenticated request runs it. */
function prepareSessionMember(db: Db) {
  return db
    .select({
      member: users,
      expiresAt: sessions.expires_at,
      lastSeenAt: sessions.last_seen_at,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.user_id, sql.placeholder('userId')),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql.placeholder('now')),
        gt(sessions.last_seen_at, sql.placeholder('idleSince')),
      ),
    )
    .prepare('auth_session_member');
}

/**
 * Resolves a bearer token to its live session and its member, in one database round
 * trip (plus the idle-lifetime touch at most once a minute), or throws 401.
 */
export async function authenticateMember(
  db: Db,
  settings: SessionSettings,
  token: string,
): Promise<{ session: LiveSession; member: UserRow }> {
  const claimed = await verifyToken(settings, token);
  const now = settings.clock();
  let statement = memberStatements.get(db);
  if (!statement) {
    statement = prepareSessionMember(db);
    memberStatements.set(db, statement);
  }
  const [row] = await statement.execute({
    sid: claimed.sessionId,
    userId: claimed.userId,
    ...liveBounds(settings, now),
  });
  if (!row) throw notAuthenticated();
  const session = { ...claimed, expiresAt: row.expiresAt, lastSeenAt: row.lastSeenAt };
  await touch(db, session, now);
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
  const found = await runStatement<{
    id: string;
    user_id: number;
    expires_at: Date | string;
    last_seen_at: Date | string;
  }>(db, LIVE_SESSIONS_TOUCHED, [
    `{${claims.map((c) => c.sessionId).join(',')}}`,
    `{${claims.map((c) => c.userId).join(',')}}`,
    bounds.now,
    bounds.idleSince,
    touchBefore,
  ]);
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

const LIVE_SESSIONS_TOUCHED: Statement = {
  name: 'auth_live_sessions_touched',
  text: `WITH live AS (
      SELECT s.id, s.user_id, s.expires_at, s.last_seen_at
        FROM unnest($1::uuid[], $2::int[]) AS claim(id, user_id)
        JOIN sessions s ON s.id = claim.id AND s.user_id = claim.user_id
        JOIN users u ON u.id = s.user_id AND u.suspended_at IS NULL AND u.deleted_at IS NULL
       WHERE s.revoked_at IS NULL AND s.expires_at > $3 AND s.last_seen_at > $4
    ), touched AS (
      UPDATE sessions SET last_seen_at = $3 FROM live
      WHERE sessions.id = live.id AND live.last_seen_at < $5
      RETURNING sessions.id, sessions.last_seen_at
    )
    SELECT live.id, live.user_id, live.expires_at,
           COALESCE(touched.last_seen_at, live.last_seen_at) AS last_seen_at
      FROM live LEFT JOIN touched ON touched.id = live.id`,
};

/** The sessions among `ids` that are live now, read without touching them (the socket sweep). */
export async function findLiveSessions(
  db: Db,
  settings: SessionSettings,
  ids: string[],
): Promise<LiveSession[]> {
  const bounds = liveBounds(settings, settings.clock());
  const found = await runStatement<{
    id: string;
    user_id: number;
    expires_at: Date | string;
    last_seen_at: Date | string;
  }>(db, LIVE_SESSIONS, [`{${ids.join(',')}}`, bounds.now, bounds.idleSince]);
  return found.map((row) => ({
    sessionId: row.id,
    userId: row.user_id,
    expiresAt: new Date(row.expires_at),
    lastSeenAt: new Date(row.last_seen_at),
  }));
}

const LIVE_SESSIONS: Statement = {
  name: 'auth_live_sessions',
  text: `SELECT id, user_id, expires_at, last_seen_at FROM sessions
    WHERE id = ANY($1::uuid[]) AND revoked_at IS NULL AND expires_at > $2 AND last_seen_at > $3`,
};

const TOUCH: Statement = {
  name: 'auth_touch_session',
  text: 'UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2',
};

/** Keeps the idle lifetime moving; written at most once a minute per session. */
async function touch(db: Db, session: LiveSession, now: Date): Promise<void> {
  if (now.getTime() - session.lastSeenAt.getTime() <= TOUCH_INTERVAL_MS) return;
  await runStatement(db, TOUCH, [session.sessionId, now.toISOString()]);
  session.lastSeenAt = now;
}

/** Ends one session. Announce it through `app.sessionsEnded` once committed. */
export async function revokeSession(db: Executor, sessionId: string, clock: Clock): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: clock() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
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
  const ended = await tx
    .update(sessions)
    .set({ revoked_at: clock() })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
  return ended.length;
}
