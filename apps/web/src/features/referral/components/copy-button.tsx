// A labelled box showing what will be copied, with a button that copies it and confirms.
import { CheckIcon, CopyIcon } from '@/components/ui/icons';
import { useCopy } from '@/lib/use-copy';
import { useReferralText } from '../i18n';

interface CopyButtonProps {
  label: string;
  text: string;
  /** What the box shows; the full text by default. */
  preview?: string;
  /** Keep the preview on one line, cut with an ellipsis (links). */
  singleLine?: boolean;
}

export function CopyButton({ label, text, preview = text, singleLine = false }: CopyButtonProps) {
  const t = useReferralText();
  const { copied, failed, copy } = useCopy(text);

  return (
    <div className="ref-copy">
      <span className="ref-copy__label">{label}</span>
      <button
        type="button"
        className={copied ? 'ref-copy__button ref-copy__button--done' : 'ref-copy__button'}
        onClick={copy}
        aria-label={t('copy.button', { label: label.toLowerCase() })}
      >
        <span className={singleLine ? 'ref-copy__text ref-copy__text--line' : 'ref-copy__text'}>
          {preview}
        </span>
        <span className="ref-copy__action">
          {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
          <span>{copied ? t('copy.copied') : t('copy.copy')}</span>
        </span>
      </button>
      <span className="visually-hidden" aria-live="polite">
        {copied ? t('copy.done', { label }) : ''}
      </span>
      {failed ? <span className="ref-copy__failed">{t('copy.failed')}</span> : null}
    </div>
  );
}
