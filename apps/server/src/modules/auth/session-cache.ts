// Sessions this server verified against their rows a moment ago, so socket handshakes,
// socket events and the HTTP routes guarded by `requireSession` do not read the row
// every time. One cache per server serves all three: a member's handshake verifies the
// session their next message is sent with. An entry is trusted for at most
// VERIFIED_FOR_MS and never past the session's own lifetimes; `sessionsEnded` drops
// entries at once on every server when sessions are revoked. An entry past half that age
// still answers while its row is read again behind it, so a member who keeps sending
// never waits for that read.
import type { Db } from '../../db/client';
import { batchLoader } from '../../lib/batch-loader';
import type { SessionsEnded, SessionsEndedChannel } from '../../plugins/sessions-ended';
import {
  type AuthenticatedSession,
  type LiveSession,
  type SessionSettings,
  touchLiveSessions,
} from './session.service';

export const VERIFIED_FOR_MS = 10_000;
const REFRESH_AFTER_MS = VERIFIED_FOR_MS / 2;
/** How long reads are collected before the sessions are read together. */
const READ_WINDOW_MS = 5;
/** Enough for every socket of a busy server; the oldest entries go first beyond it. */
const MAX_ENTRIES = 100_000;

interface Entry {
  session: LiveSession;
  verifiedAt: number;
}

type LoadSession = (claimed: AuthenticatedSession) => Promise<LiveSession | null | undefined>;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  /** The reads under way, by session: a session's row is read once at a time. */
  private readonly reading = new Map<string, Promise<LiveSession | null>>();
  /** Counts `end` calls: a row read before an end may predate the revocation it announces. */
  endings = 0;

  constructor(
    private readonly idleSeconds: number,
    private readonly load: LoadSession,
    private readonly clock: () => Date,
  ) {}

  /**
   * The session if it was verified recently and has not run out since; past
   * REFRESH_AFTER_MS its row is read again in the background.
   */
  get(sessionId: string): LiveSession | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    const t = this.clock().getTime();
    const idleEnd = entry.session.lastSeenAt.getTime() + this.idleSeconds * 1000;
    if (
      t - entry.verifiedAt > VERIFIED_FOR_MS ||
      t >= entry.session.expiresAt.getTime() ||
      t >= idleEnd
    ) {
      return null;
    }
    if (t - entry.verifiedAt > REFRESH_AFTER_MS && !this.reading.has(sessionId)) {
      // A failed read leaves the entry to run out on its own; the request that then
      // reads the row itself meets the failure.
      this.read({ sessionId, userId: entry.session.userId }).catch(() => {});
    }
    return entry.session;
  }

  /**
   * The claimed session from the cache, or read through `load` (and remembered when
   * live); null when it is not live or names another member.
   */
  async live(claimed: AuthenticatedSession): Promise<LiveSession | null> {
    const cached = this.get(claimed.sessionId);
    if (cached && cached.userId === claimed.userId) return cached;
    return this.read(claimed);
  }

  private read(claimed: AuthenticatedSession): Promise<LiveSession | null> {
    const under = this.reading.get(claimed.sessionId);
    if (under) return under.then((found) => (found?.userId === claimed.userId ? found : null));
    const reading = this.readRow(claimed).finally(() => this.reading.delete(claimed.sessionId));
    this.reading.set(claimed.sessionId, reading);
    return reading;
  }

  private async readRow(claimed: AuthenticatedSession): Promise<LiveSession | null> {
    const endings = this.endings;
    let found = await this.load(claimed);
    // Sessions ended while the row was being read: read it again, after the revocation.
    if (this.endings !== endings) found = await this.load(claimed);
    const fresh = found?.userId === claimed.userId ? found : null;
    if (fresh) this.set(fresh, this.clock());
    else this.delete(claimed.sessionId);
    return fresh;
  }

  set(session: LiveSession, now: Date): void {
    this.delete(session.sessionId);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(session.sessionId, { session, verifiedAt: now.getTime() });
    const ids = this.byUser.get(session.userId) ?? new Set<string>();
    ids.add(session.sessionId);
    this.byUser.set(session.userId, ids);
  }

  delete(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    const ids = this.byUser.get(entry.session.userId);
    ids?.delete(sessionId);
    if (ids?.size === 0) this.byUser.delete(entry.session.userId);
  }

  end(ended: SessionsEnded): void {
    this.endings++;
    if (ended.sessionId) this.delete(ended.sessionId);
    if (ended.userId !== undefined) {
      for (const id of [...(this.byUser.get(ended.userId) ?? [])]) this.delete(id);
    }
  }
}

/**
 * This server's cache over the sessions table: reads asked for within a few milliseconds
 * (a deploy, a crowd of phones reconnecting) share one query, and ended sessions are
 * dropped as they are announced.
 */
export function serverSessionCache(
  db: Db,
  settings: SessionSettings,
  sessionsEnded: SessionsEndedChannel,
): SessionCache {
  const load = batchLoader({
    load: (claims: AuthenticatedSession[]) => touchLiveSessions(db, settings, claims),
    keyOf: (claim) => claim.sessionId,
    windowMs: READ_WINDOW_MS,
  });
  const cache = new SessionCache(settings.idleSeconds, load, settings.clock);
  sessionsEnded.subscribe((ended) => cache.end(ended));
  return cache;
}
