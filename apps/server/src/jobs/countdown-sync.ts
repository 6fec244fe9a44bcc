// Countdown sync (marketplace §4): every few seconds each server tells its own clients
// how long the open period has left, so countdowns agree with the server clock.
import { COUNTDOWN_SYNC_MS } from '@bidboard/shared';
import type { Db } from '../db/client';
import type { Clock } from '../lib/context';
import { secondsUntil } from '../modules/auctions/period-time';
import { currentPeriod } from '../modules/auctions/periods.service';
import type { AppSocketServer } from '../plugins/socket';

export function startCountdownSync(deps: {
  db: Db;
  clock: Clock;
  io: AppSocketServer;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}): () => void {
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const period = await currentPeriod(deps.db);
      if (!period) return;
      const now = deps.clock();
      // Local: with the Redis adapter every server syncs only its own sockets.
      deps.io.local.emit('countdownSync', {
        secondsRemaining: secondsUntil(period.end_time, now),
        timestamp: now.getTime(),
        periodId: period.id,
        endTime: period.end_time.toISOString(),
      });
    } catch (error) {
      deps.onError?.(error);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), deps.intervalMs ?? COUNTDOWN_SYNC_MS);
  timer.unref();
  return () => clearInterval(timer);
}
