// Delivers committed alerts to their members' private rooms: single alerts as realtime
// events (lib/realtime.ts), the ranges a close writes server by server.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { userRoom } from '@bidboard/shared';
import type { Executor } from '../../db/client';
import { emitTo, type RealtimeEvent } from '../../lib/realtime';
import type { AppSocketServer } from '../../plugins/socket';
import {
  type AlertRange,
  type AlertRow,
  alertsInRange,
  presentAlert,
  written,
} from './alerts.repository';

/** Members per query when a large batch of alerts is delivered. */
const MEMBERS_PER_BATCH = 1_000;
/** Alerts written to sockets per turn of the event loop (each costs ~50 µs on a busy 2-core machine). */
const EMITS_PER_TURN = 200;

/** The events for the alerts written (null: one a fraud hold kept unwritten). */
export function alertEvents(alerts: readonly (AlertRow | null)[]): RealtimeEvent[] {
  return written(alerts).map((alert) =>
    emitTo(userRoom(alert.user_id), 'new-alert', presentAlert(alert)),
  );
}

/**
 * Sends the alerts of `range` to the members connected to THIS server: one query per
 * batch of online members, written out a slice at a time with a yield to the event loop
 * between slices, so a close of 100,000 auctions costs what its online members cost and
 * never stalls requests (2,000 alerts written at once held the loop ~100 ms).
 */
export async function deliverAlertRangeLocally(
  io: AppSocketServer,
  db: Executor,
  range: AlertRange,
): Promise<void> {
  if (range.count === 0) return;
  const online = [...new Set([...io.of('/').sockets.values()].map((s) => s.data.userId))];
  for (let i = 0; i < online.length; i += MEMBERS_PER_BATCH) {
    const found = await alertsInRange(db, range, online.slice(i, i + MEMBERS_PER_BATCH));
    for (let j = 0; j < found.length; j += EMITS_PER_TURN) {
      for (const alert of found.slice(j, j + EMITS_PER_TURN)) {
        io.local.to(userRoom(alert.user_id)).emit('new-alert', presentAlert(alert));
      }
      await nextTurn();
    }
  }
}

/**
 * Delivers `range` on every server: the others are told through the adapter (Redis) and
 * read it for their own members; this one delivers to its own.
 */
export async function fanOutAlertRange(
  io: AppSocketServer,
  db: Executor,
  range: AlertRange,
): Promise<void> {
  if (range.count === 0) return;
  if ((await io.of('/').adapter.serverCount()) > 1) io.serverSideEmit('alertRange', range);
  await deliverAlertRangeLocally(io, db, range);
}

export function listenForAlertRanges(
  io: AppSocketServer,
  db: Executor,
  onError: (error: unknown) => void,
): void {
  io.on('alertRange', (range) => {
    deliverAlertRangeLocally(io, db, range as AlertRange).catch(onError);
  });
}
