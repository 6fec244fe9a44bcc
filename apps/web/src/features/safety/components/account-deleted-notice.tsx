// The confirmation after an account deletion, on the home page the deletion reloads to.
import { SAFETY_MESSAGES } from '@bidboard/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/sheet';
import { useSharedText } from '@/lib/i18n';
import { ACCOUNT_DELETED_KEY } from '../api/account';
import { useSafetyText } from '../i18n';
import './safety.css';

export function AccountDeletedNotice() {
  const t = useSafetyText();
  const { sharedText } = useSharedText();
  const [message] = useState(() => sessionStorage.getItem(ACCOUNT_DELETED_KEY));
  const [open, setOpen] = useState(message !== null);
  const handleClose = () => {
    sessionStorage.removeItem(ACCOUNT_DELETED_KEY);
    setOpen(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) handleClose();
      }}
      title={t('deleted.title')}
      className="safety-dialog"
    >
      <div className="safety-dialog__done" role="status">
        <p>
          {sharedText(message ?? SAFETY_MESSAGES.accountDeleted)} {t('deleted.refunded')}
        </p>
        <Button size="md" block onClick={handleClose}>
          {t('deleted.done')}
        </Button>
      </div>
    </Dialog>
  );
}
