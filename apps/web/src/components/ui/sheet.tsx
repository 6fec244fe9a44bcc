// Modal panels on Radix Dialog: a side sheet (main menu) and a centred dialog (overlays).
// Radix's Dialog.Overlay is deliberately not used: its scroll lock injects a <style> element,
// which the server's CSP (style-src 'self') blocks. The backdrop and scroll lock live in CSS.
import * as RadixDialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import type { ReactNode } from 'react';
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
  return (
    <RadixDialog.Content
      className={clsx('panel', variant, className)}
      onEscapeKeyDown={block}
      onPointerDownOutside={block}
      onInteractOutside={block}
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

export function Sheet({ open, onOpenChange, ...panel }: PanelProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <div className="backdrop" aria-hidden="true" />
        <Panel variant="sheet" {...panel} />
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export function Dialog({ open, onOpenChange, ...panel }: PanelProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <div className="backdrop" aria-hidden="true" />
        <div className="dialog-frame">
          <Panel variant="dialog" {...panel} />
        </div>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
