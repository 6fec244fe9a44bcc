// Realtime emits for periods, sent after the closing transaction commits.
import type { AppSocketServer } from '../../plugins/socket';
import { emitAlerts } from '../alerts/alerts.events';
import type { ClosedPeriod } from './periods.service';

export function publishPeriodClosed(io: AppSocketServer, closed: ClosedPeriod, now: Date): void {
  io.emit('periodChange', {
    previousPeriodId: closed.periodId,
    periodId: closed.next.id,
    endTime: closed.next.end_time.toISOString(),
    timestamp: now.getTime(),
  });
  emitAlerts(io, closed.alerts);
}
