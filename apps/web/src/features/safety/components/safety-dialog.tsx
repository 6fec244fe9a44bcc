// The block and report dialog behind MemberSafetyButton: choose, then block (asked once
// more) or report; it ends on what happened, and closing it tells the host.
import { datingSafetyNoticeAt, NOTICE_TEXT, SAFETY_MESSAGES } from '@bidboard/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/sheet';
import { useCurrentUser } from '@/features/auth';
import { SafetyNotice } from '@/features/safety-notices';
import { errorMessage } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
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
  const { sharedRef } = useSharedText();
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
      onSuccess: (result) =>
        setStep({
          done: sharedRef(
            { key: 'SAFETY_MESSAGES.blocked', params: { username: name } },
            result.message,
          ),
          blocked: true,
        }),
    });

  const title =
    step === 'block'
      ? t('dialog.blockTitle', { username: name })
      : step === 'report'
        ? t('dialog.report', { username: name })
        : step === 'notice' && notice
          ? notice.title
          : typeof step === 'object'
            ? t('dialog.done')
            : name;

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
            {t('dialog.report', { username: name })}
          </Button>
          <Button variant="secondary" block onClick={() => setStep('block')}>
            {t('dialog.block', { username: name })}
          </Button>
          {notice ? (
            <Button variant="ghost" block onClick={() => setStep('notice')}>
              {NOTICE_TEXT.menuItem}
            </Button>
          ) : null}
          <p className="safety-dialog__note">{t('dialog.never', { username: name })}</p>
        </div>
      ) : null}

      {step === 'block' ? (
        <div className="safety-dialog__block">
          <p>{t('dialog.blockText', { username: name })}</p>
          {block.isError ? (
            <p className="field-error" role="alert">
              {errorMessage(block.error, SAFETY_MESSAGES.failedToBlock)}
            </p>
          ) : null}
          <div className="safety-dialog__actions">
            <Button variant="secondary" size="md" onClick={() => setStep('choose')}>
              {t('dialog.cancel')}
            </Button>
            <Button size="md" busy={block.isPending} onClick={handleBlock}>
              {t('dialog.confirmBlock')}
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
            {t('dialog.done')}
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
