// Realtime chat events, sent after the transaction that stored them commits: to both
// members' own rooms, so every tab of each (on any server, through the adapter) hears.
import { userRoom } from '@bidboard/shared';
import type { AppSocketServer } from '../../plugins/socket';
import { publishConnectionEffects } from '../connections';
import type { SentMessage } from './chat.service';

export function publishSentMessage(io: AppSocketServer, senderId: number, sent: SentMessage) {
  io.to([userRoom(senderId), userRoom(sent.partnerId)]).emit('new-message', {
    senderId,
    cid: sent.message.cid,
    message: sent.message,
    unread: sent.unread,
  });
  publishConnectionEffects(io, sent.effects);
}

export function publishRead(
  io: AppSocketServer,
  read: { cid: string; userId: number; partnerId: number; lastReadId: number },
) {
  io.to([userRoom(read.userId), userRoom(read.partnerId)]).emit('messagesRead', {
    cid: read.cid,
    userId: read.userId,
    lastReadId: read.lastReadId,
  });
}
