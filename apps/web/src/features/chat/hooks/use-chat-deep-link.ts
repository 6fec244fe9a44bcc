// A push notification for a message opens '/?chat={cid}': the overlay opens on that
// conversation and the parameter leaves the address, so a reload does not reopen it.
import { conversationMembers } from '@bidboard/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { openChat } from '../lib/chat-launcher';

export function useChatDeepLink(viewerId: number): void {
  const [search, setSearch] = useSearchParams();
  const cid = search.get('chat');

  useEffect(() => {
    if (cid === null) return;
    const members = conversationMembers(cid);
    const partnerId = members?.find((id) => id !== viewerId);
    if (members?.includes(viewerId) && partnerId !== undefined) openChat(partnerId);
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('chat');
        return next;
      },
      { replace: true },
    );
  }, [cid, viewerId, setSearch]);
}
