// Card updates to an auction room, coalesced (issue 48): watchers of the board are passive,
// so a room hears at most one update per CARD_UPDATE_INTERVAL_MS, the latest. A quiet
// room's first update goes at once; the ones within the interval after it wait for its end,
// when only the newest is sent. So the last update always arrives, at most one interval
// late, and a thousand watchers of a hot auction cost a few sends a second instead of a
// thousand per bid. Each server coalesces what it publishes; the web client keeps the
// highest bid it has seen, so an older update from a slower server changes nothing.

export const CARD_UPDATE_INTERVAL_MS = 250;

interface Window<T> {
  timer: NodeJS.Timeout;
  /** The newest update heard since the window opened, sent when it closes. */
  latest: T | undefined;
}

export class CardUpdates<T> {
  private readonly windows = new Map<string, Window<T>>();

  constructor(
    private readonly options: {
      send: (room: string, update: T) => void;
      intervalMs?: number;
      onError: (err: unknown) => void;
    },
  ) {}

  /**
   * Sends the room's update now, or as the newest when the room's interval ends; true when
   * it waits (the room hears of the change later than the change happened).
   */
  push(room: string, update: T): boolean {
    const open = this.windows.get(room);
    if (open) {
      open.latest = update;
      return true;
    }
    this.send(room, update);
    return false;
  }

  /** Sends every update still waiting (a closing server, before its sockets go). */
  flush(): void {
    const waiting = [...this.windows];
    this.windows.clear();
    for (const [room, window] of waiting) {
      clearTimeout(window.timer);
      if (window.latest !== undefined) this.deliver(room, window.latest);
    }
  }

  private send(room: string, update: T) {
    this.deliver(room, update);
    const window: Window<T> = {
      latest: undefined,
      timer: setTimeout(() => {
        this.windows.delete(room);
        // Something arrived within the interval: it goes now and opens the next one.
        if (window.latest !== undefined) this.send(room, window.latest);
      }, this.options.intervalMs ?? CARD_UPDATE_INTERVAL_MS),
    };
    this.windows.set(room, window);
  }

  private deliver(room: string, update: T) {
    try {
      this.options.send(room, update);
    } catch (err) {
      this.options.onError(err);
    }
  }
}
