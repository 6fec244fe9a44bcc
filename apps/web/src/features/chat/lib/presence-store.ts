// Who of the member's chat partners is online (marketplace §7 Realtime: onlineUsers,
// userOnline, userOffline). The latest word wins: the socket's events, or a conversation
// list fetched after them (each conversation carries its partner's `online`).
type Listener = () => void;

let online = new Map<number, boolean>();
const listeners = new Set<Listener>();

function publish(next: Map<number, boolean>): void {
  online = next;
  for (const listener of listeners) listener();
}

export const presenceStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot(): ReadonlyMap<number, boolean> {
    return online;
  },
  /** onlineUsers: the partners online when this socket connected; everyone else is offline. */
  replaceOnline(userIds: readonly number[]): void {
    const next = new Map<number, boolean>();
    for (const id of online.keys()) next.set(id, false);
    for (const id of userIds) next.set(id, true);
    publish(next);
  },
  set(userId: number, isOnline: boolean): void {
    if (online.get(userId) === isOnline) return;
    publish(new Map(online).set(userId, isOnline));
  },
  setMany(entries: Iterable<[number, boolean]>): void {
    const next = new Map(online);
    let changed = false;
    for (const [id, value] of entries) {
      if (next.get(id) !== value) {
        next.set(id, value);
        changed = true;
      }
    }
    if (changed) publish(next);
  },
  reset(): void {
    publish(new Map());
  },
};
