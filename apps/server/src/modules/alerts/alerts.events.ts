// Delivers committed alerts to their members' private rooms.
import { userRoom } from '@bidboard/shared';
import type { AppSocketServer } from '../../plugins/socket';
import { type AlertRow, presentAlert } from './alerts.repository';

export function emitAlerts(io: AppSocketServer, alerts: readonly AlertRow[]): void {
  for (const alert of alerts) {
    io.to(userRoom(alert.user_id)).emit('new-alert', presentAlert(alert));
  }
}
