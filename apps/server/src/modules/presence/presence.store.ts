// Who is online, across every server: each connected socket is an entry under its member.
// A member comes online with their first live socket and goes offline when the last one
// leaves. Entries carry an expiry that their server renews while it lives, so the sockets
// of a server that died expire on their own and their members are reaped as offline.
// Each socket also records which conversation it shows in the foreground (no push for it).

/** An entry not renewed for this long belongs to a server that stopped. */
export const PRESENCE_TTL_MS = 45_000;
/** Servers renew their entries (and reap expired members) this often. */
export const PRESENCE_REFRESH_MS = 15_000;

export interface SocketEntry {
  userId: number;
  socketId: string;
}

export interface PresenceStore {
  /** Registers a socket; true when it is the member's first live one. */
  connect(entry: SocketEntry, now: number): Promise<boolean>;
  /** Removes a socket; true when it was the member's last live one (exactly one caller sees it). */
  disconnect(entry: SocketEntry, now: number): Promise<boolean>;
  /** Renews this server's live sockets. */
  refresh(entries: readonly SocketEntry[], now: number): Promise<void>;
  /** Which of `userIds` have a live socket. */
  online(userIds: readonly number[], now: number): Promise<Set<number>>;
  /** The conversation this socket shows in the foreground, or null. */
  setView(entry: SocketEntry, cid: string | null, now: number): Promise<void>;
  /** Whether any live socket of the member shows `cid` in the foreground. */
  isViewing(userId: number, cid: string, now: number): Promise<boolean>;
  /** Members whose every socket expired; each is returned to one caller only. */
  reapExpired(now: number): Promise<number[]>;
  close(): Promise<void>;
}

/** One process: nothing to share, nothing outlives it. */
export class MemoryPresenceStore implements PresenceStore {
  private readonly members = new Map<number, Map<string, string | null>>();

  async connect({ userId, socketId }: SocketEntry) {
    const sockets = this.members.get(userId) ?? new Map<string, string | null>();
    const first = sockets.size === 0;
    sockets.set(socketId, null);
    this.members.set(userId, sockets);
    return first;
  }

  async disconnect({ userId, socketId }: SocketEntry) {
    const sockets = this.members.get(userId);
    if (!sockets?.delete(socketId)) return false;
    if (sockets.size > 0) return false;
    this.members.delete(userId);
    return true;
  }

  async refresh() {}

  async online(userIds: readonly number[]) {
    return new Set(userIds.filter((id) => (this.members.get(id)?.size ?? 0) > 0));
  }

  async setView({ userId, socketId }: SocketEntry, cid: string | null) {
    const sockets = this.members.get(userId);
    if (sockets?.has(socketId)) sockets.set(socketId, cid);
  }

  async isViewing(userId: number, cid: string) {
    return [...(this.members.get(userId)?.values() ?? [])].includes(cid);
  }

  async reapExpired() {
    return [];
  }

  async close() {}
}
