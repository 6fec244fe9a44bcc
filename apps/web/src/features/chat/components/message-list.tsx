// The messages of one conversation, virtualised (react-virtuoso) so long histories scroll
// smoothly: it opens at the newest message, loads older pages when the top is reached
// while keeping the message under the finger in place (firstItemIndex), follows new
// messages unless the member scrolled up to read, and shows the 10-minute dividers, the 'Read'
// receipt and the partner's typing. Safety that sees (issue 23): a partner's message the
// scam guard flagged carries a safety note above it; a partner's image shows only once the
// server screened it, blurred with 'Tap to view' and 'Report' when it was flagged.
import { CHAT_MESSAGES, type Message } from '@bidboard/shared';
import clsx from 'clsx';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { MemberSafetyButton } from '@/features/safety';
import { errorMessage } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
import { revealChatImage } from '../api/reveal-image';
import { useChatText } from '../i18n';
import { dividerLabel, needsDivider } from '../lib/chat-view';

interface MessageListProps {
  messages: Message[];
  firstItemIndex: number;
  viewerId: number;
  partnerName: string;
  /** The id of the viewer's latest message the partner has read. */
  readId: number | null;
  partnerTyping: boolean;
  loadingOlder: boolean;
  onStartReached: () => void;
  partnerId: number;
}

export interface MessageListHandle {
  scrollToBottom: () => void;
}

export const MessageList = forwardRef<MessageListHandle, MessageListProps>(
  function MessageList(props, ref) {
    const { messages, firstItemIndex, viewerId, partnerName, readId, partnerTyping } = props;
    const t = useChatText();
    const virtuoso = useRef<VirtuosoHandle>(null);
    // Whether new messages keep the view at the bottom. Only the member scrolling up lets go:
    // a burst of arrivals briefly leaves the bottom too, and must not stop the following.
    const stick = useRef(true);
    const detach = useRef<() => void>(() => undefined);
    const watchScroller = useCallback((el: HTMLElement | Window | null) => {
      detach.current();
      if (!(el instanceof HTMLElement)) return;
      let touchY = 0;
      const letGo = () => {
        stick.current = false;
      };
      const handleWheel = (event: WheelEvent) => {
        if (event.deltaY < 0) letGo();
      };
      const handleTouchStart = (event: TouchEvent) => {
        touchY = event.touches[0]?.clientY ?? 0;
      };
      const handleTouchMove = (event: TouchEvent) => {
        if ((event.touches[0]?.clientY ?? 0) > touchY) letGo();
      };
      const handleKey = (event: KeyboardEvent) => {
        if (['ArrowUp', 'PageUp', 'Home'].includes(event.key)) letGo();
      };
      el.addEventListener('wheel', handleWheel, { passive: true });
      el.addEventListener('touchstart', handleTouchStart, { passive: true });
      el.addEventListener('touchmove', handleTouchMove, { passive: true });
      el.addEventListener('keydown', handleKey);
      detach.current = () => {
        el.removeEventListener('wheel', handleWheel);
        el.removeEventListener('touchstart', handleTouchStart);
        el.removeEventListener('touchmove', handleTouchMove);
        el.removeEventListener('keydown', handleKey);
      };
    }, []);
    useEffect(() => () => detach.current(), []);
    // Older pages change the count too; only a new last message is followed.
    const lastId = messages.at(-1)?.id;
    const followedId = useRef(lastId);
    const follow = () => {
      const grew = lastId !== followedId.current;
      followedId.current = lastId;
      return stick.current && grew ? ('auto' as const) : false;
    };
    const lastOwnId = messages.findLast((m) => m.senderId === viewerId)?.id ?? null;

    useImperativeHandle(ref, () => ({
      scrollToBottom: () => {
        stick.current = true;
        virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'auto' });
      },
    }));

    return (
      <Virtuoso
        ref={virtuoso}
        className="chat-messages"
        data={messages}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={Math.max(0, messages.length - 1)}
        alignToBottom
        scrollerRef={watchScroller}
        atBottomThreshold={120}
        atBottomStateChange={(atBottom) => {
          if (atBottom) stick.current = true;
        }}
        followOutput={follow}
        startReached={props.onStartReached}
        computeItemKey={(_, message) => message.id}
        increaseViewportBy={{ top: 400, bottom: 200 }}
        context={{ loadingOlder: props.loadingOlder, partnerTyping, partnerName }}
        components={{ Header: ListHeader, Footer: ListFooter }}
        itemContent={(index, message) => {
          const position = index - firstItemIndex;
          const previous = position > 0 ? messages[position - 1] : undefined;
          const own = message.senderId === viewerId;
          return (
            <div className="chat-message-row" data-message-id={message.id}>
              {needsDivider(previous?.ts ?? null, message.ts) ? (
                <p className="chat-divider">
                  <span>{dividerLabel(message.ts, (time) => t('divider.today', { time }))}</span>
                </p>
              ) : null}
              {!own && message.scamFlags.length > 0 ? (
                <p className="chat-safety-note" role="note">
                  {t('guard.recipientNote')}
                </p>
              ) : null}
              <div
                className={clsx('chat-bubble', own ? 'chat-bubble--own' : 'chat-bubble--partner')}
              >
                <MessageBody
                  message={message}
                  own={own}
                  partner={{ id: props.partnerId, username: partnerName }}
                />
              </div>
              {own && message.id === readId ? (
                <p className="chat-receipt">{t('messages.read')}</p>
              ) : own && message.id === lastOwnId ? (
                <p className="chat-receipt">{t('messages.sent')}</p>
              ) : null}
            </div>
          );
        }}
      />
    );
  },
);

interface ListContext {
  loadingOlder: boolean;
  partnerTyping: boolean;
  partnerName: string;
}

function ListHeader({ context }: { context?: ListContext }) {
  const t = useChatText();
  return context?.loadingOlder ? (
    <p className="chat-note">{t('messages.loadingEarlier')}</p>
  ) : (
    <div className="chat-messages__end" />
  );
}

function ListFooter({ context }: { context?: ListContext }) {
  const t = useChatText();
  return context?.partnerTyping ? (
    <p className="chat-typing" role="status">
      {t('messages.typing', { name: context.partnerName })}
    </p>
  ) : (
    <div className="chat-messages__end" />
  );
}

interface BodyProps {
  message: Message;
  own: boolean;
  partner: { id: number; username: string };
}

/** A flagged image from the partner: blurred until tapped; the report button beside it. */
function FlaggedImage({ message, partner }: BodyProps) {
  const t = useChatText();
  const { sharedText } = useSharedText();
  const [original, setOriginal] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reveal = async () => {
    setError(null);
    try {
      setOriginal(await revealChatImage(message.cid, message.blobUrl!));
    } catch (failure) {
      setError(errorMessage(failure, CHAT_MESSAGES.failedToFetchMessages));
    }
  };
  if (original) {
    return <img className="chat-bubble__image" src={original} alt={t('messages.imageAlt')} />;
  }
  return (
    <div className="chat-flagged">
      <button type="button" className="chat-flagged__reveal" onClick={() => void reveal()}>
        <img className="chat-bubble__image chat-flagged__blur" src={message.blobUrl!} alt="" />
        <span className="chat-flagged__label">
          <strong>{sharedText(CHAT_MESSAGES.tapToView)}</strong>
          <span>{sharedText(CHAT_MESSAGES.flaggedImage)}</span>
        </span>
      </button>
      <MemberSafetyButton
        member={partner}
        text={t('messages.report')}
        className="chat-flagged__report"
      />
      {error ? <span role="alert">{error}</span> : null}
    </div>
  );
}

function ImageBody(props: BodyProps) {
  const t = useChatText();
  const { sharedText } = useSharedText();
  const { message, own } = props;
  if (!own && message.imageState === 'flagged' && message.blobUrl)
    return <FlaggedImage {...props} />;
  if (!message.blobUrl) {
    return (
      <span className="chat-bubble__unsupported">
        {sharedText(
          message.imageState === 'screening'
            ? CHAT_MESSAGES.imageScreening
            : CHAT_MESSAGES.previewImage,
        )}
      </span>
    );
  }
  return (
    <a href={message.blobUrl} target="_blank" rel="noreferrer">
      <img className="chat-bubble__image" src={message.blobUrl} alt={t('messages.imageAlt')} />
    </a>
  );
}

function MessageBody(props: BodyProps) {
  const { sharedText } = useSharedText();
  const { message } = props;
  if (message.type === 'image') {
    return (
      <>
        <ImageBody {...props} />
        {message.text ? <span className="chat-bubble__text">{message.text}</span> : null}
      </>
    );
  }
  if (message.type !== 'text' || !message.text) {
    return (
      <span className="chat-bubble__unsupported">
        {sharedText(CHAT_MESSAGES.previewUnsupported)}
      </span>
    );
  }
  return <span className="chat-bubble__text">{message.text}</span>;
}
