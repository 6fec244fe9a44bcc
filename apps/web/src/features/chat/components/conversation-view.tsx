// A single conversation (marketplace §2 Chat overlay, §4 Chat): back, the partner's
// avatar, name and online dot leading to /connections/{partnerId}, the logo leading home,
// an accepted date's countdown under them (issue 45), the messages and the input. Opening
// marks it read; the server's 403 when the two are no longer matched turns the input off
// with the spec's texts.
import { CHAT_MESSAGES, type Conversation, type Message } from '@bidboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { IconButton } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { VerifiedBadge } from '@/components/ui/member-distance/member-distance';
import { useCurrentUser } from '@/features/auth';
import { MemberSafetyButton } from '@/features/safety';
import { ConversationNotice } from '@/features/safety-notices';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy';
import { type ConversationPages, conversationsKey } from '../api/list-conversations';
import { sendMessage } from '../api/send-message';
import { uploadChatImage } from '../api/upload-image';
import { useChatViewReport } from '../hooks/use-chat-view-report';
import { useConversationMessages } from '../hooks/use-conversation-messages';
import { useMarkRead } from '../hooks/use-mark-read';
import { useIsOnline } from '../hooks/use-presence';
import { usePartnerTyping, useTypingSender } from '../hooks/use-typing';
import { useChatText } from '../i18n';
import { lastReadOwnMessage, partnerShown } from '../lib/chat-view';
import { MessageComposer } from './message-composer';
import { MessageList, type MessageListHandle } from './message-list';
import { PartnerAvatar } from './partner-avatar';

// Issue 45: the date plan card and its form load with the first conversation opened.
const DatePlanPanel = lazyComponent(() => import('@/features/dates').then((m) => m.DatePlanPanel));
const DateCountdown = lazyComponent(() => import('@/features/dates').then((m) => m.DateCountdown));

interface ConversationViewProps {
  conversation: Conversation;
  viewerId: number;
  onBack: () => void;
  onLeave: () => void;
}

export function ConversationView({
  conversation: c,
  viewerId,
  onBack,
  onLeave,
}: ConversationViewProps) {
  const t = useChatText();
  const { sharedText } = useSharedText();
  const queryClient = useQueryClient();
  const viewer = useCurrentUser();
  const history = useConversationMessages(c.cid);
  const online = useIsOnline(c.partnerId);
  const partnerTyping = usePartnerTyping(c.cid, c.partnerId);
  const typing = useTypingSender(c.cid);
  const readError = useMarkRead(c.cid, viewerId, history.messages, history.status === 'ready');
  useChatViewReport(c.cid);
  const [sendError, setSendError] = useState<string | null>(null);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const list = useRef<MessageListHandle>(null);
  const { name, photo } = partnerShown(c, {
    member: t('list.member'),
    deleted: t('list.deletedUser'),
  });
  const verified = !c.partner.deleted && c.partner.verified;
  const badgeId = useId();
  const readId = lastReadOwnMessage(
    history.messages,
    viewerId,
    c.lastRead[String(c.partnerId)] ?? 0,
  );

  const closeMessaging = () =>
    queryClient.setQueryData<ConversationPages>(conversationsKey, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              conversations: page.conversations.map((x) =>
                x.cid === c.cid ? { ...x, isOpen: false } : x,
              ),
            })),
          }
        : data,
    );

  const deliver = async (body: {
    text: string;
    type: 'text' | 'image';
    blobUrl?: string;
    confirmed?: boolean;
  }) => {
    setSendError(null);
    typing.stop();
    try {
      const { message } = await sendMessage(c.cid, body);
      history.addOwn(message as Message);
      requestAnimationFrame(() => list.current?.scrollToBottom());
      return 'sent' as const;
    } catch (error) {
      // The server's scam guard asks the composer's question (issue 23).
      if (isApiError(error) && error.code === 'SCAM_GUARD_CONFIRM') return 'confirm' as const;
      if (isApiError(error) && error.status === 403) closeMessaging();
      setSendError(errorMessage(error, CHAT_MESSAGES.failedToSend));
      return 'failed' as const;
    }
  };

  const sendImage = async (file: File) => {
    setSendError(null);
    setUploadProgress(0);
    try {
      const { blobUrl } = await uploadChatImage(c.cid, file, setUploadProgress);
      await deliver({ text: '', type: 'image', blobUrl });
    } catch (error) {
      if (isApiError(error) && error.status === 403) closeMessaging();
      setSendError(errorMessage(error, CHAT_MESSAGES.failedToSend));
    } finally {
      setUploadProgress(null);
    }
  };

  const error = sendError ?? history.error ?? readError;

  return (
    <section className="chat-view" aria-label={t('view.label', { name })}>
      <header className="chat-view__header">
        <IconButton label={t('view.back')} onClick={onBack}>
          <ArrowLeftIcon />
        </IconButton>
        <Link
          to={`/connections/${c.partnerId}`}
          className="chat-view__partner"
          onClick={onLeave}
          aria-label={t(online ? 'view.partnerOnline' : 'view.partnerOffline', { name })}
          aria-describedby={verified ? badgeId : undefined}
        >
          <PartnerAvatar username={name} photo={photo} online={online} size="sm" />
          <span className="chat-view__name">
            {name}
            <VerifiedBadge verified={verified} labelId={badgeId} />
          </span>
        </Link>
        {/* A deleted account can no longer be blocked or reported. */}
        {c.partner.deleted ? null : (
          <MemberSafetyButton
            member={{ id: c.partnerId, username: name }}
            inChat
            onBlocked={() => {
              // Blocked members disappear from each other's chat lists: back to a list without them.
              void queryClient.invalidateQueries({ queryKey: conversationsKey });
              onBack();
            }}
          />
        )}
        <Link to="/" className="chat-view__home" aria-label={t('view.home')} onClick={onLeave}>
          <Logo size="sm" />
        </Link>
        {/* Issue 45: an accepted date's countdown, a row of the header under the name. */}
        {c.partner.deleted ? null : (
          <Suspense fallback={null}>
            <DateCountdown cid={c.cid} className="chat-view__countdown" />
          </Suspense>
        )}
      </header>
      <ConversationNotice user={viewer} />
      {c.partner.deleted ? null : (
        <Suspense fallback={null}>
          <DatePlanPanel cid={c.cid} viewerId={viewerId} partnerName={name} open={c.isOpen} />
        </Suspense>
      )}
      <div className="chat-view__body">
        {history.status === 'loading' ? <p className="chat-note">{t('view.loading')}</p> : null}
        {history.status === 'ready' && history.messages.length === 0 ? (
          <p className="chat-note">
            {c.isOpen ? t('view.sayHello', { name }) : sharedText(CHAT_MESSAGES.noLongerMatched)}
          </p>
        ) : null}
        {history.status === 'ready' && history.messages.length > 0 ? (
          <MessageList
            ref={list}
            messages={history.messages}
            firstItemIndex={history.firstItemIndex}
            viewerId={viewerId}
            partnerName={name}
            readId={readId}
            partnerTyping={partnerTyping}
            loadingOlder={history.loadingOlder}
            onStartReached={history.loadOlder}
            partnerId={c.partnerId}
          />
        ) : null}
      </div>
      {error ? (
        <p className="chat-error" role="alert">
          {sharedText(error)}
        </p>
      ) : null}
      <MessageComposer
        enabled={c.isOpen}
        partnerDeleted={c.partner.deleted}
        uploadProgress={uploadProgress}
        onSend={(text, confirmed) =>
          deliver({ text, type: 'text', ...(confirmed ? { confirmed: true } : {}) })
        }
        onImage={(file) => void sendImage(file)}
        onKeystroke={typing.keystroke}
      />
    </section>
  );
}
