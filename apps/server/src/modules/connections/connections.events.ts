// Realtime effects of connection changes (marketplace §7 Realtime), published after the
// transaction that made them commits: the event to each member's own room (any server
// through the adapter) and the alerts written with it.
import { userRoom } from '@bidboard/shared';
import { emitTo, type RealtimeEvent } from '../../lib/realtime';
import { alertEvents } from '../alerts/alerts.events';
import type { ConnectionEffects } from './connection-effects';

export function connectionEffectEvents(effects: ConnectionEffects): RealtimeEvent[] {
  return [
    ...effects.events.map((event) =>
      emitTo(userRoom(event.recipientId), event.name, event.payload),
    ),
    ...alertEvents(effects.alerts),
  ];
}
