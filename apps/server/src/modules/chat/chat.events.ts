// Realtime chat events, sent after the transaction that stored them commits: to both
// members' own rooms, so every tab of each (on any server, through the adapter) hears.
import { type Message, userRoom } from '@bidboard/shared';
import type { AppSocketServer } from '../../plugins/socket';
import { publishConnectionEffects } from '../connections';
import type { SentMessage } from './chat.service';

export function publishSentMessage(io: AppSocketServer, senderId: number, sent: SentMessage) {
  const event = { senderId, cid: sent.message.cid, unread: sent.unread };
  // Each side gets its own view (an unscreened image has no URL for the recipient).
  io.to(userRoom(senderId)).emit('new-message', { ...event, message: sent.message });
  io.to(userRoom(sent.partnerId)).emit('new-message', { ...event, message: sent.partnerView });
  publishConnectionEffects(io, sent.effects);
}

/** A message changed after it was sent (its image was screened): each member's own view. */
export function publishMessageUpdated(
  io: AppSocketServer,
  views: readonly { userId: number; message: Message }[],
) {
  for (const view of views) {
    io.to(userRoom(view.userId)).emit('messageUpdated', {
      cid: view.message.cid,
      message: view.message,
    });
  }
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
