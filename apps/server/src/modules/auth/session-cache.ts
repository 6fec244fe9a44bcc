// Sessions this server verified against their rows a moment ago, so socket handshakes,
// socket events and the HTTP routes guarded by `requireSession` do not read the row
// every time. An entry is trusted for at most
// VERIFIED_FOR_MS and never past the session's own lifetimes; `sessionsEnded` drops
// entries at once on every server when sessions are revoked.
import type { SessionsEnded } from '../../plugins/sessions-ended';
import type { AuthenticatedSession, LiveSession } from './session.service';

export const VERIFIED_FOR_MS = 10_000;
/** Enough for every socket of a busy server; the oldest entries go first beyond it. */
const MAX_ENTRIES = 100_000;

interface Entry {
  session: LiveSession;
  verifiedAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  /** Counts `end` calls: a row read before an end may predate the revocation it announces. */
  endings = 0;

  constructor(private readonly idleSeconds: number) {}

  /** The session if it was verified recently and has not run out since. */
  get(sessionId: string, now: Date): LiveSession | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    const t = now.getTime();
    const idleEnd = entry.session.lastSeenAt.getTime() + this.idleSeconds * 1000;
    if (
      t - entry.verifiedAt > VERIFIED_FOR_MS ||
      t >= entry.session.expiresAt.getTime() ||
      t >= idleEnd
    ) {
      return null;
    }
    return entry.session;
  }

  /**
   * The claimed session from the cache, or read through `load` (and remembered when
   * live); null when it is not live or names another member.
   */
  async live(
    claimed: AuthenticatedSession,
    load: (claimed: AuthenticatedSession) => Promise<LiveSession | null | undefined>,
    clock: () => Date,
  ): Promise<LiveSession | null> {
    const cached = this.get(claimed.sessionId, clock());
    if (cached && cached.userId === claimed.userId) return cached;
    const endings = this.endings;
    let found = await load(claimed);
    // Sessions ended while the row was being read: read it again, after the revocation.
    if (this.endings !== endings) found = await load(claimed);
    const fresh = found?.userId === claimed.userId ? found : null;
    if (fresh) this.set(fresh, clock());
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
