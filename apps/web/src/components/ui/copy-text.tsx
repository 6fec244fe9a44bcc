// Inline text that copies itself to the clipboard on click (e.g. the SMS START number).
import { useCopy } from '@/lib/use-copy';
import { useUiText } from './i18n';
import { CheckIcon, CopyIcon } from './icons';
import './copy-text.css';

export function CopyText({ text, label }: { text: string; label?: string }) {
  const t = useUiText();
  const { copied, copy } = useCopy(text);

  return (
    <button
      type="button"
      className="copy-text"
      onClick={copy}
      aria-label={label ?? t('copy.label', { text })}
    >
      <span>{text}</span>
      {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
      <span className="visually-hidden" aria-live="polite">
        {copied ? t('copy.done') : ''}
      </span>
    </button>
  );
}
