// Countdown sync (marketplace §4): every COUNTDOWN_SYNC_MS each server tells each of its own
// clients how long the open period has left, so countdowns agree with the server clock.
// The sockets are dealt into slices, and one slice is told at a time, a slice each
// COUNTDOWN_SYNC_MS / slices: telling 20,000 sockets at once held the event loop for the
// length of 20,000 writes every interval (bench/idle-sockets.bench.ts), and every bid and
// message arriving meanwhile waited that long.
import { COUNTDOWN_SYNC_MS } from '@bidboard/shared';
import type { Clock } from '../lib/context';
import { secondsUntil } from '../modules/auctions/period-time';
import type { PeriodRow } from '../modules/auctions/periods.service';
import type { AppSocket, AppSocketServer } from '../plugins/socket';

/** Slices a server's sockets are told in: a tick each 200 ms, 800 of 20,000 sockets. */
export const COUNTDOWN_SLICES = 25;

const SLICE_PREFIX = 'countdown_';

/** A socket recovered with its rooms keeps its slice; any other is dealt the next one. */
function dealSlice(socket: AppSocket, next: () => number): void {
  for (const room of socket.rooms) if (room.startsWith(SLICE_PREFIX)) return;
  void socket.join(`${SLICE_PREFIX}${next()}`);
}

export function startCountdownSync(deps: {
  currentPeriod: () => Promise<PeriodRow | null>;
  clock: Clock;
  io: AppSocketServer;
  intervalMs?: number;
  slices?: number;
  onError?: (error: unknown) => void;
}): () => void {
  const { io } = deps;
  const slices = deps.slices ?? COUNTDOWN_SLICES;
  let dealt = 0;
  const deal = (socket: AppSocket) => dealSlice(socket, () => dealt++ % slices);
  for (const socket of io.of('/').sockets.values()) deal(socket);
  io.on('connection', deal);

  let tick = 0;
  let busy = false;
  // The period is read once a round (once an interval, as before the slices): a period's
  // change reaches every socket at once by its own periodChange.
  let period: Promise<PeriodRow | null> | null = null;
  const tell = async () => {
    const slice = tick++ % slices;
    if (slice === 0) period = null;
    const room = `${SLICE_PREFIX}${slice}`;
    // An empty slice costs nothing, not even the period's read.
    if (busy || !io.of('/').adapter.rooms.get(room)?.size) return;
    busy = true;
    try {
      period ??= deps.currentPeriod();
      const open = await period;
      if (!open) return;
      const now = deps.clock();
      // Local: with the Redis adapter every server tells only its own sockets.
      io.local.to(room).emit('countdownSync', {
        secondsRemaining: secondsUntil(open.end_time, now),
        timestamp: now.getTime(),
        periodId: open.id,
        endTime: open.end_time.toISOString(),
      });
    } catch (error) {
      period = null;
      deps.onError?.(error);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tell(), (deps.intervalMs ?? COUNTDOWN_SYNC_MS) / slices);
  timer.unref();
  return () => {
    clearInterval(timer);
    io.off('connection', deal);
  };
}
