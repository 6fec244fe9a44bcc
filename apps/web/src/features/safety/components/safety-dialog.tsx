// The block and report dialog behind MemberSafetyButton: choose, then block (asked once
// more) or report; it ends on what happened, and closing it tells the host.
import { datingSafetyNoticeAt, NOTICE_TEXT, SAFETY_MESSAGES } from '@bidboard/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/sheet';
import { useCurrentUser } from '@/features/auth';
import { SafetyNotice } from '@/features/safety-notices';
import { errorMessage } from '@/lib/api-client';
import { useBlockMember } from '../api/blocks';
import { useSafetyText } from '../i18n';
import type { SafetyTarget } from './member-safety-button';
import { ReportForm } from './report-form';
import './safety.css';

type Step = 'choose' | 'block' | 'report' | 'notice' | { done: string; blocked: boolean };

interface SafetyDialogProps {
  member: SafetyTarget;
  onClose: () => void;
  onBlocked?: () => void;
  inChat?: boolean;
}

export function SafetyDialog({ member, onClose, onBlocked, inChat = false }: SafetyDialogProps) {
  const [step, setStep] = useState<Step>('choose');
  const t = useSafetyText();
  const viewer = useCurrentUser();
  const notice = inChat ? datingSafetyNoticeAt(viewer, 'chat_safety_menu') : null;
  const block = useBlockMember();
  const name = member.username;

  const handleClose = () => {
    onClose();
    if (typeof step === 'object' && step.blocked) onBlocked?.();
  };
  const handleBlock = () =>
    block.mutate(member.id, {
      onSuccess: (result) => setStep({ done: result.message, blocked: true }),
    });

  const title =
    step === 'block'
      ? `Block ${name}?`
      : step === 'report'
        ? `Report ${name}`
        : step === 'notice' && notice
          ? notice.title
          : typeof step === 'object'
            ? 'Done'
            : `${name}`;

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) handleClose();
      }}
      title={title}
      className="safety-dialog"
    >
      {step === 'choose' ? (
        <div className="safety-dialog__choices">
          <Button variant="secondary" block onClick={() => setStep('report')}>
            Report {name}
          </Button>
          <Button variant="secondary" block onClick={() => setStep('block')}>
            Block {name}
          </Button>
          {notice ? (
            <Button variant="ghost" block onClick={() => setStep('notice')}>
              {NOTICE_TEXT.menuItem}
            </Button>
          ) : null}
          <p className="safety-dialog__note">{name} is never told who blocked or reported them.</p>
        </div>
      ) : null}

      {step === 'block' ? (
        <div className="safety-dialog__block">
          <p>
            You won’t see each other on the Bid Board, in connections or in chat, and neither of you
            can bid on or message the other. You can unblock {name} in Profile Settings.
          </p>
          {block.isError ? (
            <p className="field-error" role="alert">
              {errorMessage(block.error, SAFETY_MESSAGES.failedToBlock)}
            </p>
          ) : null}
          <div className="safety-dialog__actions">
            <Button variant="secondary" size="md" onClick={() => setStep('choose')}>
              Cancel
            </Button>
            <Button size="md" busy={block.isPending} onClick={handleBlock}>
              Block
            </Button>
          </div>
        </div>
      ) : null}

      {step === 'notice' && notice ? (
        <div className="safety-dialog__notice">
          <SafetyNotice notice={notice} titled={false} />
          <Button variant="secondary" size="md" onClick={() => setStep('choose')}>
            {t('dialog.back')}
          </Button>
        </div>
      ) : null}

      {step === 'report' ? (
        <ReportForm
          member={member}
          onCancel={() => setStep('choose')}
          onSent={(message, blocked) => setStep({ done: message, blocked })}
        />
      ) : null}

      {typeof step === 'object' ? (
        <div className="safety-dialog__done" role="status">
          <p>{step.done}</p>
          <Button size="md" block onClick={handleClose}>
            Done
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
