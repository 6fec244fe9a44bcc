// The message input (marketplace §2, §4 Chat, §5): grows to 3 lines, Enter sends and
// Shift+Enter breaks the line, an image button uploads with progress. When the two are
// not matched it is disabled with the spec's placeholder and warning.
import { CHAT_INPUT_MAX_LINES, CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES } from '@bidboard/shared';
import { type FormEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { IconButton } from '@/components/ui/button';
import { ImageIcon, SendIcon } from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/progress-bar';

interface MessageComposerProps {
  enabled: boolean;
  /** Image upload progress 0..1 while one is on its way. */
  uploadProgress: number | null;
  onSend: (text: string) => Promise<boolean>;
  onImage: (file: File) => void;
  onKeystroke: () => void;
}

export function MessageComposer(props: MessageComposerProps) {
  const { enabled, uploadProgress, onSend, onImage, onKeystroke } = props;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
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

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    setSending(true);
    const sent = await onSend(text.trim());
    setSending(false);
    if (sent) setText('');
    input.current?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className="chat-composer" onSubmit={(e) => void submit(e)}>
      {!enabled ? (
        <p className="chat-composer__warning" role="status">
          {CHAT_MESSAGES.notAccepted}
        </p>
      ) : null}
      {uploadProgress !== null ? (
        <div className="chat-composer__upload">
          <span>Sending image… {Math.round(uploadProgress * 100)}%</span>
          <ProgressBar value={uploadProgress * 100} label="Image upload" />
        </div>
      ) : null}
      <div className="chat-composer__row">
        <IconButton
          label="Send an image"
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
          aria-label="Message"
          placeholder={enabled ? 'Message' : CHAT_MESSAGES.noLongerMatched}
          disabled={!enabled}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={enabled ? text : ''}
          onChange={(event) => {
            setText(event.target.value);
            onKeystroke();
          }}
          onKeyDown={handleKeyDown}
        />
        <IconButton
          type="submit"
          label="Send"
          className="chat-composer__icon chat-composer__send"
          disabled={!canSend}
        >
          <SendIcon />
        </IconButton>
      </div>
    </form>
  );
}
