// Copies text to the clipboard and remembers, for 2 seconds, that it did.
import { useCallback, useEffect, useState } from 'react';

export function useCopy(text: string) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = useCallback(async () => {
    try {
      await navigator.clipboard.writeText(text);
      setFailed(false);
      setCopied(true);
    } catch {
      // Clipboard access can be refused; the text stays visible to copy by hand.
      setFailed(true);
    }
  }, [text]);

  return { copied, failed, copy };
}
