// The conversation list (marketplace §2 Chat overlay): avatar with online dot, name, the
// last message's preview, its time and the unread count; older conversations load near
// the bottom; the spec's empty text and fetch error.
import { CHAT_MESSAGES, type Conversation, messagePreview } from '@bidboard/shared';
import { CountPill } from '@/components/ui/count-pill';
import { flattenConversations, useConversations } from '../api/list-conversations';
import { useIsOnline } from '../hooks/use-presence';
import { listTimestamp, partnerShown, unreadFor } from '../lib/chat-view';
import { PartnerAvatar } from './partner-avatar';

const NEAR_BOTTOM_PX = 120;

interface ConversationListProps {
  viewerId: number;
  onOpen: (conversation: Conversation) => void;
}

export function ConversationList({ viewerId, onOpen }: ConversationListProps) {
  const query = useConversations(true);
  const conversations = flattenConversations(query.data);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const handleScroll = (event: React.UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    const near = el.scrollHeight - (el.scrollTop + el.clientHeight) <= NEAR_BOTTOM_PX;
    if (near && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  if (query.isPending) return <p className="chat-note">Loading conversations...</p>;
  if (query.isError) {
    return (
      <p className="chat-note chat-note--error" role="alert">
        {query.error.message || CHAT_MESSAGES.failedToFetchConversations}
      </p>
    );
  }
  if (conversations.length === 0) return <p className="chat-note">{CHAT_MESSAGES.empty}</p>;

  return (
    <ul className="chat-list" aria-label="Conversations" onScroll={handleScroll}>
      {conversations.map((c) => (
        <li key={c.cid}>
          <ConversationRow conversation={c} viewerId={viewerId} onOpen={onOpen} />
        </li>
      ))}
      {isFetchingNextPage ? <li className="chat-note">Loading more conversations...</li> : null}
    </ul>
  );
}

function ConversationRow({
  conversation: c,
  viewerId,
  onOpen,
}: {
  conversation: Conversation;
  viewerId: number;
  onOpen: (conversation: Conversation) => void;
}) {
  const online = useIsOnline(c.partnerId);
  const unread = unreadFor(c, viewerId);
  const { name, photo } = partnerShown(c);
  const preview = messagePreview(c.lastMessage);
  return (
    <button
      type="button"
      className="chat-row"
      data-cid={c.cid}
      aria-label={`${name}${unread > 0 ? `, ${unread} unread` : ''}`}
      onClick={() => onOpen(c)}
    >
      <PartnerAvatar username={name} photo={photo} online={online} />
      <span className="chat-row__main">
        <span className="chat-row__name">{name}</span>
        <span
          className={
            unread > 0 ? 'chat-row__preview chat-row__preview--unread' : 'chat-row__preview'
          }
        >
          {c.lastMessage
            ? `${c.lastMessage.senderId === viewerId ? 'You: ' : ''}${preview}`
            : c.isOpen
              ? 'Say hello!'
              : ''}
        </span>
      </span>
      <span className="chat-row__meta">
        <span className="chat-row__time">
          {c.lastMessage ? listTimestamp(c.lastMessage.ts) : ''}
        </span>
        {unread > 0 ? <CountPill count={unread} className="chat-row__unread" /> : null}
      </span>
    </button>
  );
}
