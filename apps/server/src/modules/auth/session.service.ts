// Sessions: an HS256 JWT (audience and issuer checked, algorithm allow-listed) that
// names a `sessions` row. The row makes tokens revocable and carries the idle and
// absolute lifetimes, so a token is only as good as its row.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema';
import type { Clock } from '../../lib/context';
import { notAuthenticated } from '../../lib/errors';

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
  meta: { userAgent?: string; ip?: string } = {},
): Promise<string> {
  const now = settings.clock();
  const expiresAt = new Date(now.getTime() + settings.absoluteSeconds * 1000);
  const [row] = await db
    .insert(sessions)
    .values({ user_id: userId, created_at: now, last_seen_at: now, expires_at: expiresAt, ...meta })
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

/** Resolves a bearer token to its live session, or throws 401 'Not authenticated'. */
export async function authenticate(
  db: Executor,
  settings: SessionSettings,
  token: string,
): Promise<AuthenticatedSession> {
  const now = settings.clock();
  let sid: unknown;
  let sub: string | undefined;
  try {
    const { payload } = await jwtVerify(token, settings.key, {
      algorithms: ALGORITHMS,
      audience: AUDIENCE,
      issuer: ISSUER,
      currentDate: now,
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    sid = payload.sid;
    sub = payload.sub;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
      throw notAuthenticated();
    throw error;
  }
  if (typeof sid !== 'string' || !/^[0-9a-f-]{36}$/i.test(sid) || !sub) throw notAuthenticated();
  const idleSince = new Date(now.getTime() - settings.idleSeconds * 1000);
  const [session] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sid),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, now),
        gt(sessions.last_seen_at, idleSince),
      ),
    );
  if (!session || String(session.user_id) !== sub) throw notAuthenticated();
  if (now.getTime() - session.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, sid));
  }
  return { userId: session.user_id, sessionId: session.id };
}

export async function revokeSession(db: Executor, sessionId: string, clock: Clock): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: clock() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}
