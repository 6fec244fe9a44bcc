// The conversation list (marketplace §2 Chat overlay): avatar with online dot, name, the
// last message's preview, its time and the unread count; older conversations load near
// the bottom; the spec's empty text and fetch error.
import { CHAT_MESSAGES, type Conversation } from '@bidboard/shared';
import { useId } from 'react';
import { CountPill } from '@/components/ui/count-pill';
import { VerifiedBadge } from '@/components/ui/member-distance/member-distance';
import { errorMessage } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
import { flattenConversations, useConversations } from '../api/list-conversations';
import { useIsOnline } from '../hooks/use-presence';
import { useChatText } from '../i18n';
import { listTimestamp, partnerShown, unreadFor } from '../lib/chat-view';
import { PartnerAvatar } from './partner-avatar';

const NEAR_BOTTOM_PX = 120;

interface ConversationListProps {
  viewerId: number;
  onOpen: (conversation: Conversation) => void;
}

export function ConversationList({ viewerId, onOpen }: ConversationListProps) {
  const t = useChatText();
  const { sharedText } = useSharedText();
  const query = useConversations(true);
  const conversations = flattenConversations(query.data);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const handleScroll = (event: React.UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    const near = el.scrollHeight - (el.scrollTop + el.clientHeight) <= NEAR_BOTTOM_PX;
    if (near && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  if (query.isPending) return <p className="chat-note">{t('list.loading')}</p>;
  if (query.isError) {
    return (
      <p className="chat-note chat-note--error" role="alert">
        {errorMessage(query.error, CHAT_MESSAGES.failedToFetchConversations)}
      </p>
    );
  }
  if (conversations.length === 0) {
    return <p className="chat-note">{sharedText(CHAT_MESSAGES.empty)}</p>;
  }

  return (
    <ul className="chat-list" aria-label={t('list.label')} onScroll={handleScroll}>
      {conversations.map((c) => (
        <li key={c.cid}>
          <ConversationRow conversation={c} viewerId={viewerId} onOpen={onOpen} />
        </li>
      ))}
      {isFetchingNextPage ? <li className="chat-note">{t('list.loadingMore')}</li> : null}
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
  const t = useChatText();
  const { sharedText } = useSharedText();
  const online = useIsOnline(c.partnerId);
  const unread = unreadFor(c, viewerId);
  const { name, photo } = partnerShown(c, {
    member: t('list.member'),
    deleted: t('list.deletedUser'),
  });
  const verified = !c.partner.deleted && c.partner.verified;
  const badgeId = useId();
  const last = c.lastMessage;
  // The member's own words as written; only the stand-ins for an image or an unknown kind
  // are the app's (shared messagePreview's cases).
  const preview = !last
    ? ''
    : last.type === 'image'
      ? sharedText(CHAT_MESSAGES.previewImage)
      : last.text || sharedText(CHAT_MESSAGES.previewUnsupported);
  return (
    <button
      type="button"
      className="chat-row"
      data-cid={c.cid}
      aria-label={unread > 0 ? t('list.rowUnread', { name, count: unread }) : name}
      aria-describedby={verified ? badgeId : undefined}
      onClick={() => onOpen(c)}
    >
      <PartnerAvatar username={name} photo={photo} online={online} />
      <span className="chat-row__main">
        <span className="chat-row__name">
          {name}
          <VerifiedBadge verified={verified} labelId={badgeId} />
        </span>
        <span
          className={
            unread > 0 ? 'chat-row__preview chat-row__preview--unread' : 'chat-row__preview'
          }
        >
          {last
            ? last.senderId === viewerId
              ? t('list.you', { text: preview })
              : preview
            : c.isOpen
              ? t('list.sayHello')
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
