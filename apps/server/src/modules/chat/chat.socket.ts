// Socket adapter for the chat: the typing indicator, relayed to the partner's tabs while
// the two may talk, and chatView, which conversation a tab shows in the foreground (the
// outbox sends no push for it).
import { chatViewPayload, conversationMembers, typingPayload, userRoom } from '@bidboard/shared';
import type { Db } from '../../db/client';
import type { AppSocketServer } from '../../plugins/socket';
import { acceptedConnectionBetween } from '../connections';
import type { Presence } from '../presence/presence';

/** A typing burst checks the connection once, not on every keystroke. */
const TYPING_CHECK_TTL_MS = 10_000;

export function registerChatSocketHandlers(
  io: AppSocketServer,
  deps: { db: Db; presence: Presence; log: { warn: (obj: object, msg: string) => void } },
) {
  io.on('connection', (socket) => {
    const { userId } = socket.data;
    /** partner id -> until when the accepted connection is taken as checked */
    const mayTalkUntil = new Map<number, number>();
    const mayTalk = async (partnerId: number) => {
      if ((mayTalkUntil.get(partnerId) ?? 0) > Date.now()) return true;
      const accepted = (await acceptedConnectionBetween(deps.db, userId, partnerId)) !== null;
      if (accepted) mayTalkUntil.set(partnerId, Date.now() + TYPING_CHECK_TTL_MS);
      else mayTalkUntil.delete(partnerId);
      return accepted;
    };
    const partnerIn = (cid: string) => {
      const members = conversationMembers(cid);
      if (!members?.includes(userId)) return null;
      return members[0] === userId ? members[1] : members[0];
    };

    socket.on('typing', async (raw) => {
      const parsed = typingPayload.safeParse(raw);
      if (!parsed.success) return;
      const partnerId = partnerIn(parsed.data.cid);
      if (partnerId === null) return;
      try {
        if (!(await mayTalk(partnerId))) return;
        socket.to(userRoom(partnerId)).emit('typing', { ...parsed.data, userId });
      } catch (err) {
        deps.log.warn({ err }, 'typing relay failed');
      }
    });

    socket.on('chatView', async (raw) => {
      const parsed = chatViewPayload.safeParse(raw);
      if (!parsed.success) return;
      const { cid, foreground } = parsed.data;
      const shown = cid !== null && foreground && partnerIn(cid) !== null ? cid : null;
      try {
        await deps.presence.setView(socket, shown);
      } catch (err) {
        deps.log.warn({ err }, 'chatView failed');
      }
    });
  });
}
