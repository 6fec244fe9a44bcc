// The chat overlay (marketplace §2 Chat overlay): the conversation list, or one
// conversation. Opened from the menu (the list) or from a connection card (straight into
// that partner's conversation, created on first use). Full screen on a phone.
import { CHAT_MESSAGES, type Conversation } from '@bidboard/shared';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { IconButton } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { useCurrentUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { flattenConversations, useConversations } from '../api/list-conversations';
import { startConversation } from '../api/start-conversation';
import { useChatText } from '../i18n';
import { presenceStore } from '../lib/presence-store';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import './chat.css';

export interface ChatOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  partnerId: number | null;
  /** Changes with every request to open, so the same partner can be opened again. */
  request: number;
}

export function ChatOverlay({ open, onOpenChange, partnerId, request }: ChatOverlayProps) {
  const t = useChatText();
  const user = useCurrentUser();
  const [selected, setSelected] = useState<Conversation | null>(null);
  const [startError, setStartError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each request opens afresh
  useEffect(() => {
    setStartError(null);
    if (partnerId === null) {
      setSelected(null);
      return;
    }
    let cancelled = false;
    startConversation(partnerId).then(
      ({ conversation }) => {
        if (cancelled) return;
        presenceStore.set(conversation.partnerId, conversation.online);
        setSelected(conversation);
      },
      (error) => {
        if (cancelled) return;
        setSelected(null);
        setStartError(errorMessage(error, CHAT_MESSAGES.failedToFetchConversations));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [request]);

  // The list's copy of the open conversation is the live one (previews, receipts, isOpen).
  const list = useConversations(open && user !== null);
  // A list fetched after the socket's presence events is the fresher word: a partner
  // matched since this tab connected was in neither onlineUsers nor any userOnline.
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataUpdatedAt marks a fetch
  useEffect(() => {
    presenceStore.setMany(flattenConversations(list.data).map((c) => [c.partnerId, c.online]));
  }, [list.dataUpdatedAt]);
  const live = selected
    ? (flattenConversations(list.data).find((c) => c.cid === selected.cid) ?? selected)
    : null;

  const close = () => onOpenChange(false);

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <div className="backdrop" aria-hidden="true" />
        <RadixDialog.Content className="panel chat-overlay" aria-describedby={undefined}>
          {live && user ? (
            <>
              <RadixDialog.Title className="visually-hidden">
                {t('overlay.title')}
              </RadixDialog.Title>
              <ConversationView
                key={live.cid}
                conversation={live}
                viewerId={user.id}
                onBack={() => setSelected(null)}
                onLeave={close}
              />
            </>
          ) : (
            <>
              <div className="panel__header">
                <RadixDialog.Title className="panel__title">{t('overlay.title')}</RadixDialog.Title>
                <RadixDialog.Close asChild>
                  <IconButton label={t('overlay.close')} className="panel__close">
                    <CloseIcon />
                  </IconButton>
                </RadixDialog.Close>
              </div>
              {startError ? (
                <p className="chat-error" role="alert">
                  {startError}
                </p>
              ) : null}
              {user ? <ConversationList viewerId={user.id} onOpen={setSelected} /> : null}
            </>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
