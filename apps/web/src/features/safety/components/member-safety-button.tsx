// Block and report, reachable from an auction card, a connection card and a chat header
// (issue 11): a "more" button opens a dialog with the two choices. Blocking asks once
// more; reporting takes a reason, optional text and blocks by default. The dialog ends
// on what happened, and closing it tells the host (which hides the member at once).

import { Suspense, useState } from 'react';
import { MemberMenuButton } from '@/components/ui/member-menu-button';
import { lazyComponent } from '@/lib/lazy';
import './safety-trigger.css';

// The dialog's code loads on the first tap: every Bid Board card has this button.
const SafetyDialog = lazyComponent(() => import('./safety-dialog').then((m) => m.SafetyDialog));

export interface SafetyTarget {
  id: number;
  username: string;
}

interface MemberSafetyButtonProps {
  member: SafetyTarget;
  /** The member was blocked (directly or with a report): the host hides them. */
  onBlocked?: () => void;
  className?: string;
  /** A worded button (e.g. 'Report' under a blurred chat image) instead of the "more" icon. */
  text?: string;
  /** The chat's safety menu: it also offers the dating-safety notice of the member's state. */
  inChat?: boolean;
}

export function MemberSafetyButton({
  member,
  onBlocked,
  className,
  text,
  inChat = false,
}: MemberSafetyButtonProps) {
  const [open, setOpen] = useState(false);
  const handleOpen = (event: { stopPropagation(): void }) => {
    event.stopPropagation();
    setOpen(true);
  };
  return (
    <>
      {text ? (
        <button type="button" className={className ?? 'safety-trigger--text'} onClick={handleOpen}>
          {text}
        </button>
      ) : (
        <MemberMenuButton
          username={member.username}
          className={className ?? 'safety-trigger'}
          onClick={handleOpen}
        />
      )}
      {open ? (
        <Suspense fallback={null}>
          <SafetyDialog
            member={member}
            inChat={inChat}
            onClose={() => setOpen(false)}
            onBlocked={onBlocked}
          />
        </Suspense>
      ) : null}
    </>
  );
}
