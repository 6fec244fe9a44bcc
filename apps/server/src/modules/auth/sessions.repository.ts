// SQL of the `sessions` rows behind tokens: written at sign-in, read on every
// authenticated request and socket sweep, touched to keep the idle lifetime, revoked.
// The hot reads are prepared statements under stable names.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, type Executor, runStatement, type Statement } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** The bounds a live row is inside: not past the absolute lifetime (`now`), nor idle. */
export interface LiveBounds {
  now: string;
  idleSince: string;
}

interface SessionRow {
  id: string;
  user_id: number;
  expires_at: Date | string;
  last_seen_at: Date | string;
}

/** Keeps the member's latest sign-in: their face data expires a set time after it (issue 42). */
export async function recordSignIn(db: Executor, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ last_sign_in_at: at }).where(eq(users.id, userId));
}

export async function insertSession(
  db: Executor,
  session: {
    userId: number;
    now: Date;
    expiresAt: Date;
    meta: { userAgent?: string; ip?: string; deviceId?: string };
  },
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({
      user_id: session.userId,
      created_at: session.now,
      last_seen_at: session.now,
      expires_at: session.expiresAt,
      user_agent: session.meta.userAgent,
      ip: session.meta.ip,
      device_id: session.meta.deviceId,
    })
    .returning({ id: sessions.id });
  return row!.id;
}

const memberStatements = new WeakMap<Db, ReturnType<typeof prepareSessionMembers>>();

/**
 * Sessions and their members in one prepared statement: every authenticated request runs
 * it, with the claims (session ids and members side by side) that arrived together. One row
 * per live claim, `n` its place among the claims.
 */
function prepareSessionMembers(db: Db) {
  const claims = sql`unnest(${sql.placeholder('sids')}::uuid[], ${sql.placeholder('userIds')}::int[])
    WITH ORDINALITY AS claim(id, user_id, n)`;
  return db
    .select({
      n: sql<number>`claim.n::int`.mapWith(Number),
      member: users,
      expiresAt: sessions.expires_at,
      lastSeenAt: sessions.last_seen_at,
    })
    .from(claims)
    .innerJoin(sessions, sql`${sessions.id} = claim.id AND ${sessions.user_id} = claim.user_id`)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql.placeholder('now')),
        gt(sessions.last_seen_at, sql.placeholder('idleSince')),
      ),
    )
    .prepare('auth_session_members');
}

/** The claims' live sessions with their members, each row with its claim's place `n` (1-based). */
export async function liveSessionMembers(
  db: Db,
  claims: readonly { sid: string; userId: number }[],
  bounds: LiveBounds,
) {
  let statement = memberStatements.get(db);
  if (!statement) {
    statement = prepareSessionMembers(db);
    memberStatements.set(db, statement);
  }
  return statement.execute({
    sids: `{${claims.map((c) => c.sid).join(',')}}`,
    userIds: `{${claims.map((c) => c.userId).join(',')}}`,
    ...bounds,
  });
}

/**
 * The claimed sessions (ids and members side by side) that are live and whose member is
 * neither suspended nor deleted; those last seen before `touchBefore` are touched.
 */
export async function liveSessionsTouched(
  db: Db,
  claims: { sessionIds: string[]; userIds: number[] },
  bounds: LiveBounds,
  touchBefore: string,
): Promise<SessionRow[]> {
  return runStatement<SessionRow>(db, LIVE_SESSIONS_TOUCHED, [
    `{${claims.sessionIds.join(',')}}`,
    `{${claims.userIds.join(',')}}`,
    bounds.now,
    bounds.idleSince,
    touchBefore,
  ]);
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

/** The sessions among `ids` that are live, read without touching them. */
export async function liveSessions(
  db: Db,
  ids: string[],
  bounds: LiveBounds,
): Promise<SessionRow[]> {
  return runStatement<SessionRow>(db, LIVE_SESSIONS, [
    `{${ids.join(',')}}`,
    bounds.now,
    bounds.idleSince,
  ]);
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

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await runStatement(db, TOUCH, [sessionId, now.toISOString()]);
}

export async function markSessionRevoked(db: Executor, sessionId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revoked_at: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/** Revokes the member's sessions still open; returns how many. */
export async function markMemberSessionsRevoked(
  tx: Executor,
  userId: number,
  now: Date,
): Promise<number> {
  const ended = await tx
    .update(sessions)
    .set({ revoked_at: now })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
  return ended.length;
}
