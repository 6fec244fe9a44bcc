// Modal panels on Radix Dialog: a side sheet (main menu) and a centred dialog (overlays).
// Radix's Dialog.Overlay is deliberately not used: its scroll lock injects a <style> element,
// which the server's CSP (style-src 'self') blocks. The backdrop and scroll lock live in CSS.
import * as RadixDialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { type ReactNode, useEffect, useRef } from 'react';
import { useUiText } from './i18n';
import { CloseIcon } from './icons';
import './sheet.css';

interface PanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Visually hide the title (it still names the dialog for assistive technology). */
  hideTitle?: boolean;
  description?: ReactNode;
  /** Blocking dialogs (connection failures) have no close button and ignore Escape. */
  dismissible?: boolean;
  children: ReactNode;
  className?: string;
  /** The close button's name; 'Close' in the language on screen when not given. */
  closeLabel?: string;
  /** The body scrolls with nothing focusable in it (How It Works for a member): a keyboard
   * reaches it itself, so it can be scrolled without a pointer. */
  focusableBody?: boolean;
}

function Panel({
  variant,
  title,
  hideTitle = false,
  description,
  dismissible = true,
  children,
  className,
  closeLabel,
  focusableBody = false,
}: Omit<PanelProps, 'open' | 'onOpenChange'> & { variant: 'sheet' | 'dialog' }) {
  const t = useUiText();
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  // The panels open from plain buttons, not a Radix Trigger, so Radix has no control to give
  // focus back to: the element focused as the panel opens gets it back as it closes.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Content
      className={clsx('panel', variant, className)}
      onEscapeKeyDown={block}
      onPointerDownOutside={block}
      onInteractOutside={block}
      onOpenAutoFocus={() => {
        opener.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        const element = opener.current;
        opener.current = null;
        if (element?.isConnected) element.focus();
      }}
      {...(description ? {} : { 'aria-describedby': undefined })}
    >
      <div className="panel__header">
        <RadixDialog.Title className={clsx('panel__title', hideTitle && 'visually-hidden')}>
          {title}
        </RadixDialog.Title>
        {dismissible ? (
          <RadixDialog.Close
            className="icon-btn panel__close"
            aria-label={closeLabel ?? t('panel.close')}
          >
            <CloseIcon />
          </RadixDialog.Close>
        ) : null}
      </div>
      {description ? (
        <RadixDialog.Description className="panel__description">
          {description}
        </RadixDialog.Description>
      ) : null}
      <div className="panel__body" tabIndex={focusableBody ? 0 : undefined}>
        {children}
      </div>
    </RadixDialog.Content>
  );
}

interface PanelHistoryState {
  panelDepth?: number;
  panelKey?: string;
}
const readState = (pageHistory: History): PanelHistoryState =>
  (pageHistory.state ?? {}) as PanelHistoryState;
let panelSeq = 0;
/** Entries whose panel has closed, each waiting for its history.back(). */
const pendingBacks = new Map<string, number>();
/** A page being left (a reload, a typed address) keeps its entries: a back() now would cancel
 * that navigation and land the member on the page before. */
const keepEntriesOnLeave = () => {
  for (const timer of pendingBacks.values()) window.clearTimeout(timer);
  pendingBacks.clear();
};

/** An open panel owns a history entry (same URL, the router's state kept), so the browser's
 * Back closes the panel instead of leaving the page. Closed any other way, the panel takes its
 * entry back off, so no stale entry is left behind. Nested panels stack by depth: Back closes
 * only the topmost one. Returns the handler for the panel's own close controls (Escape, ✕,
 * outside): they go Back, and the panel closes once the browser is back on the entry under
 * it. Closed only after its entry is gone, it leaves no history step pending, which a reload
 * or a new address made at once would race (the browser cancels one of the two). */
function useBackCloses(
  open: boolean,
  dismissible: boolean,
  onOpenChange: (open: boolean) => void,
): (open: boolean) => void {
  const close = useRef(onOpenChange);
  close.current = onOpenChange;
  const ownKey = useRef<string | null>(null);
  useEffect(() => {
    if (!open || !dismissible) return;
    // A closing panel's history.back() waits a moment. A panel opening meanwhile (React's
    // StrictMode rerun, or the next panel at once) takes over that entry rather than racing a
    // back with a push; a panel closed to navigate (an alert's link) finds the router's new
    // entry on top and leaves it.
    // The timer below may fire after the page is gone (a test's window torn down), so it keeps
    // this page's history rather than looking the global up again.
    const pageHistory = window.history;
    const top = readState(pageHistory);
    let key: string;
    let depth: number;
    const waiting = top.panelKey === undefined ? undefined : pendingBacks.get(top.panelKey);
    if (top.panelKey !== undefined && waiting !== undefined) {
      window.clearTimeout(waiting);
      pendingBacks.delete(top.panelKey);
      key = top.panelKey;
      depth = top.panelDepth ?? 1;
    } else {
      panelSeq += 1;
      key = `panel-${panelSeq}`;
      depth = (top.panelDepth ?? 0) + 1;
      pageHistory.pushState({ ...top, panelDepth: depth, panelKey: key }, '');
    }
    ownKey.current = key;
    let popped = false;
    const onPop = () => {
      if ((readState(pageHistory).panelDepth ?? 0) >= depth) return;
      popped = true;
      close.current(false);
    };
    window.addEventListener('popstate', onPop);
    return () => {
      ownKey.current = null;
      window.removeEventListener('popstate', onPop);
      if (popped) return;
      const timer = window.setTimeout(() => {
        pendingBacks.delete(key);
        if (readState(pageHistory).panelKey === key) pageHistory.back();
      }, 50);
      pendingBacks.set(key, timer);
      window.addEventListener('beforeunload', keepEntriesOnLeave);
    };
  }, [open, dismissible]);
  return (next: boolean) => {
    const key = ownKey.current;
    if (!next && key !== null && readState(window.history).panelKey === key) window.history.back();
    else onOpenChange(next);
  };
}

export function Sheet({ open, onOpenChange, ...panel }: PanelProps) {
  const requestOpenChange = useBackCloses(open, panel.dismissible ?? true, onOpenChange);
  return (
    <RadixDialog.Root open={open} onOpenChange={requestOpenChange}>
      <RadixDialog.Portal>
        <div className="backdrop" aria-hidden="true" />
        <Panel variant="sheet" {...panel} />
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export function Dialog({ open, onOpenChange, ...panel }: PanelProps) {
  const requestOpenChange = useBackCloses(open, panel.dismissible ?? true, onOpenChange);
  return (
    <RadixDialog.Root open={open} onOpenChange={requestOpenChange}>
      <RadixDialog.Portal>
        <div className="backdrop" aria-hidden="true" />
        <div className="dialog-frame">
          <Panel variant="dialog" {...panel} />
        </div>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
