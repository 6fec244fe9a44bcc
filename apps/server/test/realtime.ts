// A Realtime publisher that keeps what it is given, for tests of what a change announces.
import type { Realtime, RealtimeEvent } from '../src/lib/realtime';

export function recordingRealtime() {
  const published: RealtimeEvent[] = [];
  const realtime: Realtime = {
    async publish(events) {
      published.push(...events);
    },
  };
  /** Each emit as [room, event name] ('everyone' for a broadcast). */
  const emitted = (): [string, string][] =>
    published.flatMap((e) =>
      e.kind !== 'emit'
        ? []
        : e.to === 'everyone'
          ? [['everyone', e.event] as [string, string]]
          : e.to.map((room): [string, string] => [room, e.event]),
    );
  return { realtime, published, emitted };
}
