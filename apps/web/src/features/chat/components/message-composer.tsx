// The message input (marketplace §2, §4 Chat, §5): grows to 3 lines, Enter sends and
// Shift+Enter breaks the line, an image button uploads with progress. When the two are
// not matched it is disabled with the spec's placeholder and warning. The scam guard
// (issue 23) holds a message that asks to move off Bidboard or for money with its
// question; the server asks the same when this copy of the rules missed something.
import {
  CHAT_INPUT_MAX_LINES,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES,
  detectScamSignals,
} from '@bidboard/shared';
import { type FormEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { Button, IconButton } from '@/components/ui/button';
import { ImageIcon, SendIcon } from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useSharedText } from '@/lib/i18n';
import { useChatText } from '../i18n';

interface MessageComposerProps {
  enabled: boolean;
  /**
   * The partner deleted their account: the connection was accepted, so the warning that it
   * is not does not apply; the placeholder says they are no longer matched.
   */
  partnerDeleted?: boolean;
  /** Image upload progress 0..1 while one is on its way. */
  uploadProgress: number | null;
  /** 'confirm': the server's scam guard wants the sender's answer first. */
  onSend: (text: string, confirmed: boolean) => Promise<'sent' | 'failed' | 'confirm'>;
  onImage: (file: File) => void;
  onKeystroke: () => void;
}

export function MessageComposer(props: MessageComposerProps) {
  const { enabled, partnerDeleted = false, uploadProgress, onSend, onImage, onKeystroke } = props;
  const t = useChatText();
  const { sharedText } = useSharedText();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [held, setHeld] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const canSend = enabled && !sending && text.trim() !== '';

  // Grow with the text up to 3 lines, then scroll inside.
  // biome-ignore lint/correctness/useExhaustiveDependencies: text changes the height
  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const line = Number.parseFloat(style.lineHeight) || 22;
    const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
    el.style.height = 'auto';
    const max = line * CHAT_INPUT_MAX_LINES + (padding || 0);
    el.style.height = `${Math.min(el.scrollHeight, max)}px`;
    el.style.overflowY = el.scrollHeight > max ? 'auto' : 'hidden';
  }, [text]);

  const send = async (confirmed: boolean) => {
    setSending(true);
    const outcome = await onSend(text.trim(), confirmed);
    setSending(false);
    if (outcome === 'sent') {
      setText('');
      setHeld(false);
      input.current?.focus();
    } else if (outcome === 'confirm') {
      setHeld(true);
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend || held) return;
    if (detectScamSignals(text).length > 0) {
      setHeld(true);
      return;
    }
    await send(false);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className="chat-composer" onSubmit={(e) => void submit(e)}>
      {!enabled && !partnerDeleted ? (
        <p className="chat-composer__warning" role="status">
          {sharedText(CHAT_MESSAGES.notAccepted)}
        </p>
      ) : null}
      {held ? (
        <div className="chat-scam-guard" role="alertdialog" aria-labelledby="chat-scam-guard-q">
          <p id="chat-scam-guard-q">{t('guard.question')}</p>
          <div className="chat-scam-guard__actions">
            <Button
              size="md"
              variant="secondary"
              onClick={() => {
                setHeld(false);
                input.current?.focus();
              }}
            >
              {t('guard.edit')}
            </Button>
            <Button size="md" busy={sending} onClick={() => void send(true)}>
              {t('guard.sendAnyway')}
            </Button>
          </div>
        </div>
      ) : null}
      {uploadProgress !== null ? (
        <div className="chat-composer__upload">
          <span>{t('composer.sendingImage', { percent: Math.round(uploadProgress * 100) })}</span>
          <ProgressBar value={uploadProgress * 100} label={t('composer.upload')} />
        </div>
      ) : null}
      <div className="chat-composer__row">
        <IconButton
          label={t('composer.sendImage')}
          className="chat-composer__icon"
          disabled={!enabled || uploadProgress !== null}
          onClick={() => fileInput.current?.click()}
        >
          <ImageIcon />
        </IconButton>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          data-testid="chat-image-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onImage(file);
          }}
        />
        <textarea
          ref={input}
          className="chat-composer__input"
          rows={1}
          aria-label={t('composer.message')}
          placeholder={enabled ? t('composer.message') : sharedText(CHAT_MESSAGES.noLongerMatched)}
          disabled={!enabled}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={enabled ? text : ''}
          onChange={(event) => {
            setText(event.target.value);
            setHeld(false);
            onKeystroke();
          }}
          onKeyDown={handleKeyDown}
        />
        <IconButton
          type="submit"
          label={t('composer.send')}
          className="chat-composer__icon chat-composer__send"
          disabled={!canSend}
        >
          <SendIcon />
        </IconButton>
      </div>
    </form>
  );
}
