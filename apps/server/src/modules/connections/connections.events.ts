// Realtime effects of connection changes (marketplace §7 Realtime), sent after the
// transaction that made them commits: the event to each member's own room (any server
// through the adapter) and the alerts written with it.
import { userRoom } from '@bidboard/shared';
import type { AppSocketServer } from '../../plugins/socket';
import { emitAlerts } from '../alerts/alerts.events';
import type { ConnectionEffects } from './connection-effects';

export function publishConnectionEffects(io: AppSocketServer, effects: ConnectionEffects): void {
  for (const event of effects.events) {
    io.to(userRoom(event.recipientId)).emit(event.name, event.payload);
  }
  emitAlerts(io, effects.alerts);
}
