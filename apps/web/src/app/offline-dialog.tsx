// marketplace §2 Overlays: 'Connection to server failed' as a modal dialog with a Refresh
// Page button, for a screen whose code could not be fetched because the network is down.
// A native <dialog> (not the Radix one of the app's other overlays): the network is what
// failed, so nothing here may need a chunk that has not loaded yet.
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useAppText } from './i18n';
import './offline-dialog.css';

export function OfflineDialog({ onRefresh }: { onRefresh: () => void }) {
  const t = useAppText();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // jsdom has no showModal; the attribute alone still shows the dialog there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);
  return (
    <dialog
      ref={ref}
      className="offline-dialog"
      aria-labelledby="offline-dialog-title"
      aria-describedby="offline-dialog-text"
      // Blocking, like the realtime failure dialog: Escape does not dismiss it.
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id="offline-dialog-title" className="offline-dialog__title">
        {t('offline.title')}
      </h2>
      <p id="offline-dialog-text" className="offline-dialog__text">
        {t('offline.text')}
      </p>
      <Button block onClick={onRefresh}>
        {t('offline.refresh')}
      </Button>
    </dialog>
  );
}
