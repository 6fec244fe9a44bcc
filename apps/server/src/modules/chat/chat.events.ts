// Realtime chat events, published after the transaction that stored them commits: to both
// members' own rooms, so every tab of each (on any server, through the adapter) hears.
import { type Message, userRoom } from '@bidboard/shared';
import { emitTo, type RealtimeEvent } from '../../lib/realtime';
import { connectionEffectEvents } from '../connections';
import type { SentMessage } from './chat.service';

export function sentMessageEvents(senderId: number, sent: SentMessage): RealtimeEvent[] {
  const event = { senderId, cid: sent.message.cid, unread: sent.unread };
  const rooms = [userRoom(senderId), userRoom(sent.partnerId)];
  const effects = connectionEffectEvents(sent.effects);
  // Each side gets its own view when the two differ (an unscreened image has no URL for
  // the recipient); a text is the same for both, one event encoded once.
  if (sameView(sent.message, sent.partnerView)) {
    return [emitTo(rooms, 'new-message', { ...event, message: sent.message }), ...effects];
  }
  return [
    emitTo(rooms[0]!, 'new-message', { ...event, message: sent.message }),
    emitTo(rooms[1]!, 'new-message', { ...event, message: sent.partnerView }),
    ...effects,
  ];
}

/** Whether two views of one message show the same: only an image's differ. */
function sameView(a: Message, b: Message): boolean {
  return a.blobUrl === b.blobUrl && a.imageState === b.imageState;
}

/** A message changed after it was sent (its image was screened): each member's own view. */
export function messageUpdatedEvents(
  views: readonly { userId: number; message: Message }[],
): RealtimeEvent[] {
  return views.map((view) =>
    emitTo(userRoom(view.userId), 'messageUpdated', {
      cid: view.message.cid,
      message: view.message,
    }),
  );
}

export function readEvents(read: {
  cid: string;
  userId: number;
  partnerId: number;
  lastReadId: number;
}): RealtimeEvent[] {
  return [
    emitTo([userRoom(read.userId), userRoom(read.partnerId)], 'messagesRead', {
      cid: read.cid,
      userId: read.userId,
      lastReadId: read.lastReadId,
    }),
  ];
}
