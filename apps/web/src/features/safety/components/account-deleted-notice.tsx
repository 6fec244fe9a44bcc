// The confirmation after an account deletion, on the home page the deletion reloads to.
import { SAFETY_MESSAGES } from '@bidboard/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/sheet';
import { ACCOUNT_DELETED_KEY } from '../api/account';
import './safety.css';

export function AccountDeletedNotice() {
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
      title="Account deleted"
      className="safety-dialog"
    >
      <div className="safety-dialog__done" role="status">
        <p>
          {message ?? SAFETY_MESSAGES.accountDeleted} Any tokens you had in bids and connections
          were refunded first.
        </p>
        <Button size="md" block onClick={handleClose}>
          Done
        </Button>
      </div>
    </Dialog>
  );
}
