// Inline text that copies itself to the clipboard on click (e.g. the SMS START number).
import { useEffect, useState } from 'react';
import { CheckIcon, CopyIcon } from './icons';
import './copy-text.css';

export function CopyText({ text, label }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Clipboard access can be refused; the number stays visible to copy by hand.
    }
  };

  return (
    <button
      type="button"
      className="copy-text"
      onClick={handleCopy}
      aria-label={label ?? `Copy ${text}`}
    >
      <span>{text}</span>
      {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
      <span className="visually-hidden" aria-live="polite">
        {copied ? 'Copied' : ''}
      </span>
    </button>
  );
}
