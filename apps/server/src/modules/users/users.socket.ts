// Socket adapter for the member's own connection: the client announces itself and joins
// its private room (a member can only ever join their own), and pings while a tab is used.
import { userRoom } from '@bidboard/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/context';
import type { AppSocketServer } from '../../plugins/socket';
import { recordActivity } from './activity.service';

export function registerMemberSocketHandlers(
  io: AppSocketServer,
  deps: { db: Db; clock: Clock; log: { warn: (obj: object, msg: string) => void } },
) {
  io.on('connection', (socket) => {
    const { userId } = socket.data;
    socket.on('connectUser', () => {
      void socket.join(userRoom(userId));
    });
    socket.on('userActivity', () => {
      void recordActivity(deps, userId).catch((err: unknown) =>
        deps.log.warn({ err }, 'userActivity update failed'),
      );
    });
  });
}
