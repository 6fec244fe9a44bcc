// Presence that survives Redis going away: the shared store (Redis) answers while it is
// up, and this server's own sockets (kept in memory all along) answer while it is not,
// so members see their partners on the same server and nothing fails. When Redis is back
// the next refresh registers this server's sockets again (Redis may have lost them).
import { MemoryPresenceStore, type PresenceStore, type SocketEntry } from './presence.store';

export class FallbackPresenceStore implements PresenceStore {
  private readonly local = new MemoryPresenceStore();
  /** Set when the shared store missed a change; cleared by the resync in refresh(). */
  private missed = false;

  constructor(
    private readonly shared: PresenceStore,
    private readonly available: () => boolean,
  ) {}

  /** The shared answer, or the local one (remembering that the shared store missed it). */
  private async either<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (this.available()) {
      try {
        return await shared();
      } catch {
        // Redis went away between the check and the call.
      }
    }
    this.missed = true;
    return local();
  }

  async connect(entry: SocketEntry, now: number) {
    const first = await this.local.connect(entry);
    return this.either(
      () => this.shared.connect(entry, now),
      async () => first,
    );
  }

  async disconnect(entry: SocketEntry, now: number) {
    const last = await this.local.disconnect(entry);
    return this.either(
      () => this.shared.disconnect(entry, now),
      async () => last,
    );
  }

  async refresh(entries: readonly SocketEntry[], now: number) {
    if (!this.available()) {
      this.missed = true;
      return;
    }
    if (this.missed) {
      this.missed = false;
      for (const entry of entries) await this.shared.connect(entry, now);
    }
    await this.shared.refresh(entries, now);
  }

  online(userIds: readonly number[], now: number) {
    return this.either(
      () => this.shared.online(userIds, now),
      () => this.local.online(userIds),
    );
  }

  async setView(entry: SocketEntry, cid: string | null, now: number) {
    await this.local.setView(entry, cid);
    await this.either(
      () => this.shared.setView(entry, cid, now),
      async () => {},
    );
  }

  isViewing(userId: number, cid: string, now: number) {
    return this.either(
      () => this.shared.isViewing(userId, cid, now),
      () => this.local.isViewing(userId, cid),
    );
  }

  reapExpired(now: number) {
    return this.either(
      () => this.shared.reapExpired(now),
      async () => [],
    );
  }

  async close() {}
}
