// Realtime chat events, published after the transaction that stored them commits: to both
// members' own rooms, so every tab of each (on any server, through the adapter) hears.
import { type Message, userRoom } from '@bidboard/shared';
import { emitTo, type RealtimeEvent } from '../../lib/realtime';
import { connectionEffectEvents } from '../connections';
import type { SentMessage } from './chat.service';

export function sentMessageEvents(senderId: number, sent: SentMessage): RealtimeEvent[] {
  const event = { senderId, cid: sent.message.cid, unread: sent.unread };
  // Each side gets its own view (an unscreened image has no URL for the recipient).
  return [
    emitTo(userRoom(senderId), 'new-message', { ...event, message: sent.message }),
    emitTo(userRoom(sent.partnerId), 'new-message', { ...event, message: sent.partnerView }),
    ...connectionEffectEvents(sent.effects),
  ];
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
